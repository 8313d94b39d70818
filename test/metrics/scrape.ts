/** One line of the Prometheus text format: `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  status: number;
  contentType: string | null;
  text: string;
  samples: Sample[];
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseSamples(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = SAMPLE_LINE.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name, value.replace(/\\(.)/g, '$1')]));
    return [{ name: match[1], labels, value: Number(match[3]) }];
  });
}

/** GET /metrics over HTTP, as Prometheus does. */
export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type'), text, samples: parseSamples(text) };
}

/** Every sample of a metric whose labels include these. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The value of the one sample of a metric with exactly these labels (undefined when there is none). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.keys(labels).length;
  return samplesOf(samples, name, labels).find((sample) => Object.keys(sample.labels).length === wanted)?.value;
}

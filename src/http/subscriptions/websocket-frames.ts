/** FIN with the text opcode: a whole text message in one frame (RFC 6455 §5.2). */
const FIN_TEXT = 0x81;

/**
 * A server's WebSocket frame carrying one whole text message made of `parts`, already UTF-8
 * (RFC 6455 §5.2: a server's frames are not masked; no extension bits). What `ws` writes for
 * `send(text)` with no extension negotiated, built here so that a message whose body many
 * subscribers share is one copy into one buffer, not a string per subscriber encoded again at
 * each write, and one chunk for the socket instead of two.
 */
export function textFrame(head: Buffer, body: Buffer, tail: Buffer): Buffer {
  const length = head.length + body.length + tail.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  // TypedArray#set: Buffer#copy's argument checks cost more than copying a message's bytes.
  frame.set(head, headerLength);
  frame.set(body, headerLength + head.length);
  frame.set(tail, headerLength + head.length + body.length);
  return frame;
}

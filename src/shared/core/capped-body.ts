/**
 * A body read up to a limit: what a peer that has not proved itself may make
 * the reader hold (a local server's challenge, read by its clients; the
 * dashboard link's form, read by the server). Web streams: the Worker and the
 * local agent share it.
 */

/** At most `limit` bytes of `body`, as text; undefined past the limit (the rest is not read). */
export async function textAtMost(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
): Promise<string | undefined> {
  const reader = body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

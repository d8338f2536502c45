//! Our own JSON-RPC framing in front of tower-lsp's.
//!
//! tower-lsp 0.20 stops reading its input after the first message it cannot decode (invalid
//! UTF-8, truncated JSON, a body that is neither a request nor a response): the frame reader ends
//! after an error, so the server answers `-32700` once and then nothing, and never sees its input
//! close. It also refuses `"params": null` on `shutdown`/`exit` and drops unknown `$/` requests
//! unanswered. So the client's bytes go through [`read_client`] first: it splits frames itself,
//! answers what is malformed (the JSON-RPC error the protocol asks for), and passes on only
//! messages tower-lsp decodes. Both its answers and tower-lsp's output go to the client through one
//! queue of whole frames ([`relay_frames`], [`write_client`]), so they never interleave mid-frame.

use serde_json::{Value, json};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tower_lsp::jsonrpc::{Request, Response};

/// The largest message read: a bigger one is skipped (its bytes read and dropped) and answered
/// with an error and a `window/showMessage`. Documents have their own, smaller limit
/// ([`crate::MAX_DOCUMENT_BYTES`]); this one only bounds what one message can make us hold.
pub(crate) const MAX_MESSAGE_BYTES: usize = 64 << 20;
/// Headers longer than this are garbage: skipped up to the next `Content-Length`.
const MAX_HEADER_BYTES: usize = 8 << 10;

/// One frame read from a stream.
enum Frame {
    Body(Vec<u8>),
    /// Something that is not a frame: skipped, with the reason.
    Malformed(String),
    /// The stream ended (or failed).
    End,
}

/// Splits a byte stream into `Content-Length` frames.
struct FrameReader<I> {
    inner: I,
    buf: Vec<u8>,
}

impl<I: AsyncRead + Unpin> FrameReader<I> {
    fn new(inner: I) -> Self {
        FrameReader {
            inner,
            buf: Vec::new(),
        }
    }

    /// Reads more bytes into the buffer; false at the end of the stream.
    async fn fill(&mut self) -> bool {
        let mut chunk = [0u8; 16 << 10];
        match self.inner.read(&mut chunk).await {
            Ok(0) | Err(_) => false,
            Ok(n) => {
                self.buf.extend_from_slice(&chunk[..n]);
                true
            }
        }
    }

    async fn next(&mut self) -> Frame {
        // The header block.
        let header_end = loop {
            if let Some(i) = find(&self.buf, b"\r\n\r\n") {
                break i;
            }
            if self.buf.len() > MAX_HEADER_BYTES {
                self.skip_garbage(1);
                return Frame::Malformed("a header block over 8 KiB".into());
            }
            if !self.fill().await {
                return Frame::End;
            }
        };
        let header = String::from_utf8_lossy(&self.buf[..header_end]).into_owned();
        let mut length = None;
        for line in header.split("\r\n") {
            if let Some((name, value)) = line.split_once(':')
                && name.trim().eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse::<usize>().ok();
            }
        }
        let Some(length) = length else {
            // Resynchronise at the next header that may start a frame.
            self.skip_garbage(header_end + 4);
            return Frame::Malformed("a message without a valid Content-Length header".into());
        };
        self.buf.drain(..header_end + 4);
        if length > MAX_MESSAGE_BYTES {
            // Read and drop the body without holding it.
            let mut left = length;
            loop {
                let take = left.min(self.buf.len());
                self.buf.drain(..take);
                left -= take;
                if left == 0 {
                    break;
                }
                if !self.fill().await {
                    return Frame::End;
                }
            }
            return Frame::Malformed(format!(
                "a message of {} MiB, over the limit of {} MiB",
                length >> 20,
                MAX_MESSAGE_BYTES >> 20
            ));
        }
        while self.buf.len() < length {
            if !self.fill().await {
                return Frame::End;
            }
        }
        let rest = self.buf.split_off(length);
        Frame::Body(std::mem::replace(&mut self.buf, rest))
    }

    /// Drops at least `from` bytes, then up to the next `Content-Length`.
    fn skip_garbage(&mut self, from: usize) {
        let from = from.min(self.buf.len());
        let next = find(&self.buf[from..], b"Content-Length").map_or(self.buf.len(), |i| from + i);
        self.buf.drain(..next);
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

pub(crate) fn frame(message: &Value) -> Vec<u8> {
    let body = message.to_string();
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body.as_bytes());
    out
}

fn error_reply(id: Value, code: i64, message: &str, data: Option<Value>) -> Value {
    let mut error = json!({"code": code, "message": message});
    if let Some(data) = data {
        error["data"] = data;
    }
    json!({"jsonrpc": "2.0", "id": id, "error": error})
}

/// What to do with one message from the client.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    /// Pass this body on to tower-lsp.
    Forward(Vec<u8>),
    /// Answer the client with this message; tower-lsp never sees it.
    Reply(Value),
}

/// Checks one message body: what tower-lsp cannot decode is answered here.
pub(crate) fn sanitize(body: &[u8]) -> Verdict {
    let Ok(text) = std::str::from_utf8(body) else {
        return Verdict::Reply(error_reply(
            Value::Null,
            -32700,
            "Parse error: the message is not valid UTF-8",
            None,
        ));
    };
    let mut value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            return Verdict::Reply(error_reply(
                Value::Null,
                -32700,
                &format!("Parse error: {e}"),
                None,
            ));
        }
    };
    let Some(object) = value.as_object_mut() else {
        return Verdict::Reply(error_reply(
            Value::Null,
            -32600,
            "Invalid request: a message must be a JSON object",
            None,
        ));
    };
    // `"params": null` means no parameters (tower-lsp would reject it for `shutdown`/`exit`).
    if object.get("params").is_some_and(Value::is_null) {
        object.remove("params");
    }
    let id = object
        .get("id")
        .filter(|id| id.is_number() || id.is_string())
        .cloned();
    let method = object.get("method").and_then(Value::as_str);
    // No `$/` request exists (only notifications): one with an id is answered, as the protocol
    // says, rather than dropped as tower-lsp does.
    if let (Some(id), Some(method)) = (&id, method)
        && method.starts_with("$/")
    {
        return Verdict::Reply(error_reply(
            id.clone(),
            -32601,
            "Method not found",
            Some(Value::String(method.to_string())),
        ));
    }
    let decodes = serde_json::from_value::<Request>(value.clone()).is_ok()
        || serde_json::from_value::<Response>(value.clone()).is_ok();
    if !decodes {
        return Verdict::Reply(error_reply(
            id.unwrap_or(Value::Null),
            -32600,
            "Invalid request: not a JSON-RPC 2.0 request, notification or response",
            None,
        ));
    }
    Verdict::Forward(value.to_string().into_bytes())
}

/// Reads the client's messages until its input ends: good ones go to tower-lsp (`server`), the
/// answers to bad ones to the client (`replies`).
pub(crate) async fn read_client<I, W>(input: I, mut server: W, replies: UnboundedSender<Vec<u8>>)
where
    I: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut reader = FrameReader::new(input);
    loop {
        let verdict = match reader.next().await {
            Frame::End => return,
            Frame::Malformed(what) => {
                let _ = replies.send(frame(&json!({
                    "jsonrpc": "2.0",
                    "method": "window/showMessage",
                    "params": {"type": 1, "message": format!("dslang: skipped {what} from the client")},
                })));
                Verdict::Reply(error_reply(
                    Value::Null,
                    -32700,
                    &format!("Parse error: {what}"),
                    None,
                ))
            }
            Frame::Body(body) => sanitize(&body),
        };
        match verdict {
            Verdict::Forward(body) => {
                let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
                framed.extend_from_slice(&body);
                if server.write_all(&framed).await.is_err() {
                    return;
                }
            }
            Verdict::Reply(message) => {
                if replies.send(frame(&message)).is_err() {
                    return;
                }
            }
        }
    }
}

/// Passes tower-lsp's output on to the client's queue, frame by frame.
pub(crate) async fn relay_frames<R: AsyncRead + Unpin>(from: R, to: UnboundedSender<Vec<u8>>) {
    let mut reader = FrameReader::new(from);
    loop {
        match reader.next().await {
            Frame::Body(body) => {
                let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
                framed.extend_from_slice(&body);
                if to.send(framed).is_err() {
                    return;
                }
            }
            Frame::Malformed(_) => {}
            Frame::End => return,
        }
    }
}

/// Writes the queued frames to the client, until the queue closes or the output fails.
pub(crate) async fn write_client<O: AsyncWrite + Unpin>(
    queue: &mut UnboundedReceiver<Vec<u8>>,
    output: &mut O,
) {
    while let Some(framed) = queue.recv().await {
        if output.write_all(&framed).await.is_err() || output.flush().await.is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(body: &[u8]) -> Value {
        match sanitize(body) {
            Verdict::Reply(v) => v,
            Verdict::Forward(b) => panic!("forwarded {}", String::from_utf8_lossy(&b)),
        }
    }

    #[test]
    fn malformed_bodies_are_answered() {
        assert_eq!(reply(b"{\"id\":1,\xff}")["error"]["code"], -32700);
        assert_eq!(
            reply(b"{\"jsonrpc\":\"2.0\",\"id\":1,\"meth")["error"]["code"],
            -32700
        );
        assert_eq!(reply(b"[1,2]")["error"]["code"], -32600);
        let r = reply(br#"{"jsonrpc":"1.0","id":3,"method":"x"}"#);
        assert_eq!(
            (r["error"]["code"].clone(), r["id"].clone()),
            (json!(-32600), json!(3))
        );
        let r = reply(br#"{"jsonrpc":"2.0","id":"a","method":"$/foo"}"#);
        assert_eq!(
            (r["error"]["code"].clone(), r["id"].clone()),
            (json!(-32601), json!("a"))
        );
    }

    #[test]
    fn null_params_are_dropped_and_notifications_pass() {
        let Verdict::Forward(b) =
            sanitize(br#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#)
        else {
            panic!()
        };
        assert_eq!(
            serde_json::from_slice::<Value>(&b).unwrap(),
            json!({"jsonrpc":"2.0","id":2,"method":"shutdown"})
        );
        assert!(matches!(
            sanitize(br#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#),
            Verdict::Forward(_)
        ));
    }

    #[tokio::test]
    async fn frames_resynchronise_after_garbage_and_skip_huge_bodies() {
        let huge = MAX_MESSAGE_BYTES + 10;
        let mut input = b"garbage\r\n\r\nContent-Length: 2\r\n\r\n{}".to_vec();
        input.extend_from_slice(format!("Content-Length: {huge}\r\n\r\n").as_bytes());
        input.resize(input.len() + huge, b' ');
        input.extend_from_slice(b"Content-Length: 4\r\n\r\nnull");
        let mut reader = FrameReader::new(&input[..]);
        assert!(matches!(reader.next().await, Frame::Malformed(_)));
        assert!(matches!(reader.next().await, Frame::Body(b) if b == b"{}"));
        assert!(matches!(reader.next().await, Frame::Malformed(m) if m.contains("over the limit")));
        assert!(matches!(reader.next().await, Frame::Body(b) if b == b"null"));
        assert!(matches!(reader.next().await, Frame::End));
    }
}

package httpx

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/requestid"
)

// Streamer is a file being produced as it is sent (an export): Stream writes it, Close releases
// what it holds (always called, after Stream or instead of it).
type Streamer interface {
	Stream(w *bufio.Writer) (int, error)
	Close() error
}

// streamBuffer is how much of a streamed file is gathered before it goes to the connection.
const streamBuffer = 64 << 10

// StreamFile answers 200 with s as an attachment named name (letters, digits, dots and dashes
// only) of type contentType, written while the server sends it: the body is never held whole.
// Each write renews the connection's write deadline, so a long download is not cut by
// WriteTimeout while it makes progress. A failure once the body has begun cannot change the
// status any more: it is logged and the connection is closed, so the client sees a broken
// transfer, never a short file taken for a whole one.
func StreamFile(c fiber.Ctx, log *slog.Logger, contentType, name string, s Streamer) error {
	c.Set(fiber.HeaderContentType, contentType)
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	conn := c.RequestCtx().Conn()
	// The handler returns before the body is written; keep copies, not Fiber's reused buffers.
	path, rid := strings.Clone(c.Path()), strings.Clone(requestid.FromContext(c))
	return c.SendStreamWriter(func(w *bufio.Writer) {
		defer func() { _ = s.Close() }()
		bw := bufio.NewWriterSize(&deadlineWriter{w: w, conn: conn}, streamBuffer)
		n, err := s.Stream(bw)
		if err == nil {
			err = bw.Flush()
		}
		if err != nil {
			log.Warn("stream cut short", "path", path, "request_id", rid, "rows", n, "err", err.Error())
			if conn != nil {
				_ = conn.Close()
			}
		}
	})
}

// deadlineWriter renews conn's write deadline (at most once a second) as data goes out.
type deadlineWriter struct {
	w    io.Writer
	conn net.Conn
	last time.Time
}

func (d *deadlineWriter) Write(p []byte) (int, error) {
	if d.conn != nil {
		if now := time.Now(); now.Sub(d.last) > time.Second {
			d.last = now
			_ = d.conn.SetWriteDeadline(now.Add(WriteTimeout))
		}
	}
	return d.w.Write(p)
}

// SendPDF answers with a PDF as an attachment named name, never cached.
func SendPDF(c fiber.Ctx, name string, body []byte) error {
	c.Set(fiber.HeaderContentType, "application/pdf")
	c.Set(fiber.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Set(fiber.HeaderCacheControl, "no-store")
	return c.Send(body)
}

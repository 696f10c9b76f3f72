package probe

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness/conform"
)

// hostileWS serves one WebSocket upgrade on loopback and then calls act
// with the raw connection; it returns the base URL.
func hostileWS(t *testing.T, act func(c net.Conn, br *bufio.Reader)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				br := bufio.NewReader(c)
				req, err := http.ReadRequest(br)
				if err != nil {
					return
				}
				h := sha1.Sum([]byte(req.Header.Get("Sec-WebSocket-Key") + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"))
				c.Write([]byte("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: " +
					base64.StdEncoding.EncodeToString(h[:]) + "\r\n\r\n"))
				act(c, br)
			}()
		}
	}()
	return "http://" + ln.Addr().String()
}

// TestCloseEndsOnAHostileFrame: a server that announces a frame of 2^62
// bytes and then says nothing, or never answers the closing handshake,
// does not hold the suite: closing the seat's connection ends within a
// few seconds.
func TestCloseEndsOnAHostileFrame(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  func(c net.Conn, br *bufio.Reader)
	}{
		{"2^62-byte frame then silence", func(c net.Conn, br *bufio.Reader) {
			hdr := []byte{0x81, 127, 0, 0, 0, 0, 0, 0, 0, 0}
			binary.BigEndian.PutUint64(hdr[2:], 1<<62)
			c.Write(hdr)
			time.Sleep(time.Minute)
		}},
		{"silence", func(c net.Conn, br *bufio.Reader) { time.Sleep(time.Minute) }},
		{"endless small frames", func(c net.Conn, br *bufio.Reader) {
			frame := []byte{0x81, 2, '{', '}'}
			for range 1 << 20 {
				if _, err := c.Write(frame); err != nil {
					return
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := hostileWS(t, tc.act)
			tg := &conform.Target{URL: base}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			p, err := infJoin(ctx, tg, "m", map[int]string{0: "tok"})
			if err != nil {
				t.Fatalf("join: %v", err)
			}
			time.Sleep(100 * time.Millisecond)
			start := time.Now()
			done := make(chan struct{})
			go func() { p.Close(); close(done) }()
			select {
			case <-done:
				if d := time.Since(start); d > 8*time.Second {
					t.Errorf("Close took %s", d)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("Close did not return within 20 s")
			}
		})
	}
}

// TestEndlessFramesBounded: a server that sends small frames without end
// does not make the suite keep every message (twice, before): the play
// stops with errPlayTooLarge once a bound is passed, Got holds at most
// maxPlayMessages, and the transcript at most its ring.
func TestEndlessFramesBounded(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame []byte
	}{
		{"2-byte frames", []byte{0x81, 2, '{', '}'}},
		{"4 KiB frames", append([]byte{0x81, 126, 0x10, 0x00}, bytes.Repeat([]byte{' '}, 4096)...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := hostileWS(t, func(c net.Conn, br *bufio.Reader) {
				for range 1 << 22 {
					if _, err := c.Write(tc.frame); err != nil {
						return
					}
				}
			})
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			p, err := infJoin(ctx, &conform.Target{URL: base}, "m", map[int]string{0: "tok"})
			if err != nil {
				t.Fatalf("join: %v", err)
			}
			defer p.Close()
			err = p.playOut(ctx, nil)
			if !errors.Is(err, errPlayTooLarge) {
				t.Fatalf("playOut: %v, want errPlayTooLarge", err)
			}
			if len(p.Got) > maxPlayMessages || p.kept.Load() > maxPlayBytes+int64(len(tc.frame)+playMessageCost) {
				t.Errorf("kept %d messages, %d bytes: over the bounds", len(p.Got), p.kept.Load())
			}
			if n := len(p.tail(1 << 30)); n > infTranscriptKeep {
				t.Errorf("the transcript holds %d messages, want at most %d", n, infTranscriptKeep)
			}
		})
	}
}

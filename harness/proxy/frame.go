package proxy

import (
	"encoding/binary"
	"time"

	"github.com/coder/websocket"
)

// WebSocket opcodes (RFC 6455 §5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
)

// maxFrameHeader is the longest frame header: 2 bytes, 8 of length, 4 of
// mask key.
const maxFrameHeader = 14

// wsMsg is one whole WebSocket message the tunnel read off a stream, a copy
// handed to the judge.
type wsMsg struct {
	at        time.Time
	fromAgent bool
	typ       websocket.MessageType
	data      []byte
	// close marks a close frame (data is then its payload).
	close bool
	// unreadable marks the point where the framing was lost (compressed
	// or broken frames): the rest of the direction passes unread.
	unreadable bool
	// lost counts the messages of the same direction relayed before this
	// one that the judge never got (its queue was full).
	lost int
}

// framer follows the frames of one direction of a tunnel as the bytes pass
// (RFC 6455 §5.2), reading headers only on the relaying path: payload bytes
// are copied (and unmasked) into the message being assembled, whole
// messages go to emit. It never changes the bytes. Its memory is one
// message, at most limit bytes.
type framer struct {
	limit int
	// emit takes a whole message; it must not block.
	emit func(wsMsg)
	// fromAgent marks the agent's direction (masked frames).
	fromAgent bool

	// The frame being read: payload bytes left, mask key and position,
	// opcode, fin, whether its payload is kept.
	left    uint64
	mask    [4]byte
	masked  bool
	maskPos int
	op      byte
	fin     bool
	inFrame bool

	// The message being assembled (data frames), and the control frame
	// being read (control frames may come between a message's fragments).
	msgOp   byte
	msg     []byte
	inMsg   bool
	ctl     []byte
	closed  bool // a close frame passed
	broken  bool // the stream broke the framing: the rest is not followed
	tooBig  bool // a message over limit was met (not passed on)
	deflate bool // a compressed frame (RSV1): the rest is not followed
}

// feed follows b, the next bytes of the stream, and returns how many of
// them may be passed on now: all of them, less a frame header cut short at
// the end (passed on with the next bytes, so that a message over the limit
// is stopped before any of its bytes went out), or up to the header of a
// message over the limit (tooBig is then set and nothing more may pass).
// Once the framing is lost (broken or compressed frames) every byte passes
// unread.
func (f *framer) feed(b []byte) int {
	i := 0
	for i < len(b) {
		if f.broken || f.deflate {
			return len(b)
		}
		if !f.inFrame {
			n, ok := f.header(b[i:])
			if !ok {
				if f.tooBig {
					return i
				}
				if f.broken || f.deflate {
					// Told once: what follows passes unread.
					f.emit(wsMsg{at: time.Now(), fromAgent: f.fromAgent, unreadable: true})
					return len(b)
				}
				return i // a header cut short: wait for the rest
			}
			i += n
			if f.left == 0 {
				f.endFrame()
			}
			continue
		}
		n := len(b) - i
		if uint64(n) > f.left {
			n = int(f.left)
		}
		f.payload(b[i : i+n])
		i += n
		f.left -= uint64(n)
		if f.left == 0 {
			f.endFrame()
		}
	}
	return i
}

// header reads a frame header at the start of b: false when b holds only
// part of one (or the frame may not pass: tooBig, broken).
func (f *framer) header(b []byte) (int, bool) {
	if len(b) < 2 {
		return 0, false
	}
	b0, b1 := b[0], b[1]
	n := 2
	length := uint64(b1 & 0x7f)
	switch length {
	case 126:
		n += 2
	case 127:
		n += 8
	}
	masked := b1&0x80 != 0
	if masked {
		n += 4
	}
	if len(b) < n {
		return 0, false
	}
	switch length {
	case 126:
		length = uint64(binary.BigEndian.Uint16(b[2:4]))
	case 127:
		length = binary.BigEndian.Uint64(b[2:10])
	}
	op := b0 & 0x0f
	if b0&0x40 != 0 {
		f.deflate = true
		return 0, false
	}
	control := op >= 0x8
	switch {
	case b0&0x30 != 0:
		// RSV2 or RSV3 without an extension that defines them (the relay
		// offers none): the framing is not one the relay can follow.
		f.broken = true
		return 0, false
	case control && length > uint64(f.limit):
		// A control frame is at most 125 bytes; under a smaller cap it is
		// held to the cap like any message.
		f.tooBig = true
		return 0, false
	case control && (length > 125 || b0&0x80 == 0):
		f.broken = true
		return 0, false
	case !control && op != opContinuation && op != opText && op != opBinary:
		f.broken = true
		return 0, false
	case !control && op == opContinuation && !f.inMsg:
		f.broken = true
		return 0, false
	case !control && op != opContinuation && f.inMsg:
		f.broken = true
		return 0, false
	}
	if !control {
		total := length
		if op == opContinuation {
			total += uint64(len(f.msg))
		}
		if total > uint64(f.limit) {
			f.tooBig = true
			return 0, false
		}
	}
	f.op, f.fin, f.left, f.masked, f.maskPos, f.inFrame = op, b0&0x80 != 0, length, masked, 0, true
	if masked {
		copy(f.mask[:], b[n-4:n])
	}
	switch {
	case control:
		f.ctl = f.ctl[:0]
	case op != opContinuation:
		f.inMsg, f.msgOp = true, op
		// A fresh buffer per message: the judge keeps it as it is.
		f.msg = make([]byte, 0, length)
	default:
		if need := len(f.msg) + int(length); cap(f.msg) < need {
			f.msg = append(make([]byte, 0, need), f.msg...)
		}
	}
	return n, true
}

// payload copies (unmasked) payload bytes of the current frame.
func (f *framer) payload(b []byte) {
	dst := &f.msg
	if f.op >= 0x8 {
		dst = &f.ctl
	}
	start := len(*dst)
	*dst = append(*dst, b...)
	if f.masked {
		out := (*dst)[start:]
		for k := range out {
			out[k] ^= f.mask[(f.maskPos+k)&3]
		}
		f.maskPos = (f.maskPos + len(out)) & 3
	}
}

// endFrame closes the current frame: a close frame and the last frame of a
// message are emitted.
func (f *framer) endFrame() {
	f.inFrame = false
	switch {
	case f.op == opClose:
		f.closed = true
		f.emit(wsMsg{at: time.Now(), fromAgent: f.fromAgent, close: true, data: append([]byte(nil), f.ctl...)})
	case f.op >= 0x8:
		// Ping and pong are relayed unjudged.
	case f.fin:
		typ := websocket.MessageText
		if f.msgOp == opBinary {
			typ = websocket.MessageBinary
		}
		f.emit(wsMsg{at: time.Now(), fromAgent: f.fromAgent, typ: typ, data: f.msg})
		f.msg, f.inMsg = nil, false
	}
}

// atBoundary reports whether the stream stands between frames (a close
// frame may then be added without breaking it).
func (f *framer) atBoundary() bool { return !f.inFrame && !f.broken && !f.deflate }

// closeFrame builds a close frame with code and reason, masked when it goes
// to the server (frames of a client are masked, RFC 6455 §5.3).
func closeFrame(code websocket.StatusCode, reason string, masked bool, key [4]byte) []byte {
	payload := binary.BigEndian.AppendUint16(nil, uint16(code))
	payload = append(payload, reason...)
	if len(payload) > 125 {
		payload = payload[:125]
	}
	b := []byte{0x80 | opClose, byte(len(payload))}
	if masked {
		b[1] |= 0x80
		b = append(b, key[:]...)
		for k := range payload {
			payload[k] ^= key[k&3]
		}
	}
	return append(b, payload...)
}

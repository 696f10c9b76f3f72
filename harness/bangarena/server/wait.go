package server

import (
	"context"
	"fmt"
)

// SeatStatus is what WaitDecision reports of one seat of a room.
type SeatStatus struct {
	// Version is the room's observation version.
	Version int
	// Pending is true when a decision is offered to the seat at Version.
	Pending bool
	// Ended is true once the match is over.
	Ended bool
}

// WaitDecision blocks until the room offers seat a decision at an
// observation version above after, or the match is over, or ctx ends; it
// returns at once when one of these holds already. A client that has
// handled the decision at version v passes v to wait for its next one
// (after -1 for the first). It is the in-process alternative to polling
// observe: it starts no goroutine, leaves nothing behind when ctx ends, and
// changes nothing on the wire.
func (s *Server) WaitDecision(ctx context.Context, roomID string, seat, after int) (SeatStatus, error) {
	r := s.room(roomID)
	if r == nil {
		return SeatStatus{}, fmt.Errorf("bangarena server: no room %q", roomID)
	}
	if seat < 0 || seat >= len(r.seats) {
		return SeatStatus{}, fmt.Errorf("bangarena server: seat %d is not a seat of room %q", seat, roomID)
	}
	for {
		r.mu.Lock()
		st := SeatStatus{Version: r.g.Version(), Pending: r.pendingLocked(seat), Ended: r.ended}
		if st.Ended || (st.Pending && st.Version > after) {
			r.mu.Unlock()
			return st, nil
		}
		if r.changed == nil {
			r.changed = make(chan struct{})
		}
		changed := r.changed
		r.mu.Unlock()
		select {
		case <-changed:
		case <-r.done:
		case <-ctx.Done():
			return st, ctx.Err()
		}
	}
}

// notifyLocked wakes every WaitDecision of the room: called after the room
// changed (a move, an offer, the end). Nothing is allocated while nobody
// waits.
func (r *room) notifyLocked() {
	if r.changed != nil {
		close(r.changed)
		r.changed = nil
	}
}

package serverkit

import (
	"context"
	"sync"
)

// Drain waits until every goroutine counted by wg has ended, or ctx ends
// (its error is returned then): the last step of a server's Shutdown.
func Drain(ctx context.Context, wg *sync.WaitGroup) error {
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

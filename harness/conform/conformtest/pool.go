package conformtest

import (
	"runtime"
	"sync"
)

// Pool bounds the whole suites a test package plays side by side,
// whichever test plays them (the fault matrices, the dialect tables, the
// plain suites): each heavy test hands its suites to the pool when it
// starts, before it waits for the sequential tests as t.Parallel does, so
// the suites of every test fill the cores together instead of one test's
// tail at a time. A BangArena suite keeps about two thirds of a core busy,
// an Inference suite mostly waits on deadlines: a game says how many units
// its suite takes (Suites.Units), and the pool holds three units per core.
//
// The suites handed over wait until a test reads one (Future.Wait,
// Suites.Plain), which the heavy tests do once they run in parallel, after
// every sequential test: those keep the machine to themselves (some bound
// how long a hostile server may take).
type Pool struct {
	mu    sync.Mutex // held while a suite takes its units, so two suites never split them
	units chan struct{}
	gate  chan struct{} // closed once a test reads a suite
	open  func()
}

// NewPool returns a pool of three units per core (at least four).
func NewPool() *Pool { return newPool(max(4, 3*runtime.GOMAXPROCS(0))) }

func newPool(units int) *Pool {
	p := &Pool{units: make(chan struct{}, units), gate: make(chan struct{})}
	p.open = sync.OnceFunc(func() { close(p.gate) })
	return p
}

// Open lets the suites handed over play: a test reads one.
func (p *Pool) Open() { p.open() }

// Acquire waits until a suite of n units may play and returns its release.
func (p *Pool) Acquire(n int) (release func()) {
	n = min(n, cap(p.units))
	p.mu.Lock()
	for range n {
		p.units <- struct{}{}
	}
	p.mu.Unlock()
	return func() {
		for range n {
			<-p.units
		}
	}
}

// Future is a result played ahead of the test that reads it.
type Future[T any] struct {
	pool *Pool
	done chan struct{}
	got  T
	err  error
}

// Ahead plays f in p as a suite of units, in the background once a test
// reads a suite, and returns its future.
func Ahead[T any](p *Pool, units int, f func() (T, error)) *Future[T] {
	fu := &Future[T]{pool: p, done: make(chan struct{})}
	go func() {
		defer close(fu.done)
		<-p.gate
		release := p.Acquire(units)
		defer release()
		fu.got, fu.err = f()
	}()
	return fu
}

// Wait returns the future's result once it is played.
func (fu *Future[T]) Wait() (T, error) {
	fu.pool.Open()
	<-fu.done
	return fu.got, fu.err
}

// Drop lets the result go once its one reader has it.
func (fu *Future[T]) Drop() {
	var zero T
	fu.got = zero
}

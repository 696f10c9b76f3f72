package proxy

import "time"

// queueLen bounds the messages waiting to be judged per match; a relay
// side that gets this far ahead of the judge waits (memory stays bounded).
const queueLen = 1024

// workerIdle is how long a match's judge waits for work before it stops
// (it starts again with the next message).
const workerIdle = 30 * time.Second

// enqueue hands fn to the judge of m. Every message of a match is judged by
// one goroutine in the order enqueue was called, and a side enqueues a
// message before passing it on: the judge sees a request before the answer
// it provoked, whatever the scheduling, and judging never delays the
// traffic. When the relay is closing, fn runs at once.
func (p *Proxy) enqueue(m *Match, fn func()) {
	m.qmu.Lock()
	if m.q == nil {
		m.q = make(chan func(), queueLen)
	}
	if !m.running {
		p.mu.Lock()
		closing := p.closing
		if !closing {
			p.wg.Add(1)
		}
		p.mu.Unlock()
		if closing {
			m.qmu.Unlock()
			fn()
			return
		}
		m.running = true
		go p.work(m)
	}
	q := m.q
	m.qmu.Unlock()
	select {
	case q <- fn:
	case <-p.ctx.Done():
		fn()
	}
}

// work judges m's queue until the relay closes (after draining what is
// queued) or the queue stays empty for workerIdle.
func (p *Proxy) work(m *Match) {
	defer p.wg.Done()
	idle := time.NewTimer(workerIdle)
	defer idle.Stop()
	for {
		select {
		case fn := <-m.q:
			fn()
			idle.Reset(workerIdle)
		case <-p.ctx.Done():
			for {
				select {
				case fn := <-m.q:
					fn()
				default:
					m.qmu.Lock()
					m.running = false
					m.qmu.Unlock()
					return
				}
			}
		case <-idle.C:
			m.qmu.Lock()
			if len(m.q) == 0 {
				m.running = false
				m.qmu.Unlock()
				return
			}
			m.qmu.Unlock()
			idle.Reset(workerIdle)
		}
	}
}

// Package hostile builds the hostile servers umpire's tests and
// scripts/hostilehost point conform at: a reverse proxy to a real server
// that rewrites its answers to observe (ObserveProxy), and the ways of
// padding a JSON answer toward a read cap (Pad). It is test support: no
// command imports it.
package hostile

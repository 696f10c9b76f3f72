// Command hostilehost plays the attacks of hostile clients and agents on
// `umpire serve` and `umpire certify`, of hostile servers on `umpire
// conform` and of hostile files on `umpire report merge`, on loopback only
// (127.0.0.1), each in bounded loops that stop by themselves, and prints for each the verdict, the server's peak
// RSS (VmHWM) and the wall time. Run it through scripts/hostile-host.sh,
// which builds umpire; -umpire may name an older binary to measure the
// "before". Linux only (it reads /proc).
package main

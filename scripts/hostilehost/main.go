package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/umpire-arena/umpire/internal/hostile"
)

type driver struct {
	umpire, goagent, tmp string
	hardened             bool // the binary knows the host flags
}

func main() {
	umpire := flag.String("umpire", "bin/umpire", "umpire binary under test")
	goagent := flag.String("goagent", "", "the Go example agent binary (for setsid)")
	only := flag.String("attacks", "rounds,flood,rooms,trickle,connflood,setsid,daemon,cgleave,memory,batch,padobserve,eventsobserve,deepobserve,padproxy,forged,devnull", "attacks to play, comma-separated")
	flag.Parse()
	tmp, err := os.MkdirTemp("", "hostile-host-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(tmp)
	help, _ := exec.Command(*umpire, "serve", "--game", "inference", "-h").CombinedOutput()
	d := &driver{umpire: *umpire, goagent: *goagent, tmp: tmp, hardened: bytes.Contains(help, []byte("idle-timeout"))}
	fmt.Printf("umpire %s (host limits: %v)\n", *umpire, d.hardened)
	fmt.Printf("%-10s %-9s %9s %8s  %s\n", "attack", "verdict", "peak RSS", "wall", "detail")
	for _, a := range strings.Split(*only, ",") {
		start := time.Now()
		var r result
		switch a {
		case "rounds":
			r = d.rounds()
		case "flood":
			r = d.flood()
		case "rooms":
			r = d.rooms()
		case "trickle":
			r = d.trickle()
		case "connflood":
			r = d.connFlood()
		case "setsid":
			r = d.setsid()
		case "daemon":
			r = d.daemon()
		case "memory":
			r = d.memory()
		case "cgleave":
			r = d.cgleave()
		case "batch":
			r = d.batch()
		case "padobserve":
			r = d.padObserve(hostile.Field)
		case "eventsobserve":
			r = d.padObserve(hostile.Events)
		case "deepobserve":
			r = d.deepObserve()
		case "forged":
			r = d.forged()
		case "devnull":
			r = d.devnull()
		case "padproxy":
			r = d.padProxy()
		default:
			fail(fmt.Errorf("unknown attack %q", a))
		}
		fmt.Printf("%-10s %-9s %8.1fM %7.1fs  %s\n", a, r.verdict, float64(r.peakKB)/1024, time.Since(start).Seconds(), r.detail)
	}
}

type result struct {
	verdict string // held: the attack was contained; HURT: it was not
	peakKB  int
	detail  string
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "hostilehost:", err)
	os.Exit(3)
}

// server is a running `umpire serve`.
type server struct {
	cmd  *exec.Cmd
	base string
	line string // the JSON line serve printed
}

// serve starts `umpire serve` on 127.0.0.1:0 with args (and hardened,
// only with a binary that knows them).
func (d *driver) serve(game string, args, hardened []string) *server {
	all := append([]string{"serve", "--game", game, "--addr", "127.0.0.1:0", "--format", "json", "--agents", ""}, args...)
	if d.hardened {
		all = append(all, hardened...)
	}
	cmd := exec.Command(d.umpire, all...)
	cmd.Stderr = io.Discard
	out, err := cmd.StdoutPipe()
	if err != nil {
		fail(err)
	}
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		fail(fmt.Errorf("serve %v printed nothing: %v", all, err))
	}
	var info struct {
		URL     string `json:"url"`
		BaseURL string `json:"baseUrl"`
	}
	_ = json.Unmarshal([]byte(line), &info)
	go io.Copy(io.Discard, out)
	return &server{cmd: cmd, base: info.URL + info.BaseURL, line: line}
}

func (s *server) stop() int {
	kb := s.peakKB()
	s.cmd.Process.Signal(syscall.SIGINT)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
	return kb
}

// status reads a field of /proc/PID/status, in kB.
func status(pid int, field string) int {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}

func (s *server) peakKB() int { return status(s.cmd.Process.Pid, "VmHWM") }
func (s *server) rssKB() int  { return status(s.cmd.Process.Pid, "VmRSS") }

// cpu returns the server's CPU time so far.
func (s *server) cpu() time.Duration {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/stat")
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	return time.Duration(u+st) * 10 * time.Millisecond // USER_HZ 100
}

func (s *server) fds() int {
	ents, _ := os.ReadDir("/proc/" + strconv.Itoa(s.cmd.Process.Pid) + "/fd")
	return len(ents)
}

var client = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}

func post(url, body string) (int, string) {
	resp, err := client.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	return resp.StatusCode, string(b)
}

// rounds: one request for 1e9 rounds of scripted seats that never bust
// (passive players, no ante).
func (d *driver) rounds() result {
	s := d.serve("inference", []string{"--rounds", "1"}, nil)
	st, body := post(s.base+"/api/inference/matches", `{"rounds":1000000000,"agents":[],"adversaries":["passive"],"ante":0,"ante_ramp":{"from_round":1,"every_rounds":1,"step":0}}`)
	c0 := s.cpu()
	time.Sleep(10 * time.Second)
	burnt, rss := s.cpu()-c0, s.rssKB()
	kb := s.stop()
	if st == http.StatusCreated {
		return result{"HURT", kb, fmt.Sprintf("201: the match burnt %.1fs CPU in 10s, RSS %d MiB and growing", burnt.Seconds(), rss/1024)}
	}
	return result{"held", kb, fmt.Sprintf("%d %s; CPU %.1fs in 10s", st, short(body), burnt.Seconds())}
}

// flood: 10000 creations whose agents never come.
func (d *driver) flood() result {
	s := d.serve("inference", []string{"--rounds", "1", "--deadline", "1s"}, []string{"--idle-timeout", "3s", "--max-deadline", "2s", "--keep-finished", "1s"})
	codes := map[int]int{}
	for range 10000 {
		st, _ := post(s.base+"/api/inference/matches", `{"agents":[0,1,2,3,4,5]}`)
		codes[st]++
	}
	after := s.rssKB()
	time.Sleep(6 * time.Second)
	later := s.rssKB()
	kb := s.stop()
	v := "held"
	if codes[http.StatusCreated] > 1000 {
		v = "HURT"
	}
	return result{v, kb, fmt.Sprintf("answers %v; RSS %d MiB after the flood, %d MiB 6s later", codes, after/1024, later/1024)}
}

// rooms: BangArena rooms with an hour-long deadline whose agents never
// come, until refused; then whether a room is taken again 8s later.
func (d *driver) rooms() result {
	s := d.serve("bangarena", []string{"--deadline", "2s"}, []string{"--max-rooms", "256", "--idle-timeout", "3s", "--max-deadline", "3s", "--keep-finished", "1s"})
	url := s.base + "/api/ai/rooms"
	hour := `{"seats":4,"agents":[0,1,2,3],"deadlineMs":3600000}`
	st, body := post(url, hour)
	detail := fmt.Sprintf("1h deadline: %d %s", st, short(body))
	req := hour
	if st != http.StatusOK && d.hardened {
		req = `{"seats":4,"agents":[0,1,2,3],"deadlineMs":3000}` // the longest this server allows
	}
	taken := 0
	if st == http.StatusOK {
		taken = 1
	}
	for range 6000 {
		st, _ := post(url, req)
		if st != http.StatusOK {
			break
		}
		taken++
	}
	time.Sleep(8 * time.Second)
	again, _ := post(url, req)
	kb := s.stop()
	v := "held"
	if again != http.StatusOK {
		v = "HURT"
	}
	return result{v, kb, fmt.Sprintf("%s; %d rooms taken until refused; 8s later a new room gets %d", detail, taken, again)}
}

// trickle: 50 create bodies sent at 1 byte / 5 s, watched for 40 s.
func (d *driver) trickle() result {
	s := d.serve("inference", []string{"--rounds", "1"}, nil)
	addr := strings.TrimPrefix(s.base, "http://")
	const n = 50
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	closed := make(chan time.Duration, n)
	start := time.Now()
	for range n {
		go func() {
			c, err := net.Dial("tcp", addr)
			if err != nil {
				closed <- 0
				return
			}
			defer c.Close()
			fmt.Fprintf(c, "POST /api/inference/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n")
			gone := make(chan struct{})
			go func() { io.Copy(io.Discard, c); close(gone) }()
			for {
				select {
				case <-gone:
					closed <- time.Since(start)
					return
				case <-ctx.Done():
					return
				case <-time.After(5 * time.Second):
					c.Write([]byte(" "))
				}
			}
		}()
	}
	time.Sleep(40 * time.Second)
	fds := s.fds() // before the clients give up
	cancel()
	kb := s.stop()
	cut, last := len(closed), time.Duration(0)
	for range cut {
		last = max(last, <-closed)
	}
	if cut < n {
		return result{"HURT", kb, fmt.Sprintf("%d of %d trickled bodies still held after 40s (server fds %d)", n-cut, n, fds)}
	}
	return result{"held", kb, fmt.Sprintf("all %d trickled bodies cut off, the last after %.1fs (server fds %d at 40s)", n, last.Seconds(), fds)}
}

// connFlood: 2000 connections at once from 127.0.0.1, held 3 s.
func (d *driver) connFlood() result {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Cur < 8192 {
		lim.Cur = min(lim.Max, 8192)
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim)
	}
	s := d.serve("inference", []string{"--rounds", "1"}, nil)
	addr := strings.TrimPrefix(s.base, "http://")
	var conns []net.Conn
	for range 2000 {
		c, err := net.DialTimeout("tcp", addr, 2*time.Second)
		if err != nil {
			break
		}
		conns = append(conns, c)
	}
	time.Sleep(time.Second)
	peakFDs := s.fds()
	answers := make(chan bool, len(conns))
	for _, c := range conns {
		go func() {
			c.SetReadDeadline(time.Now().Add(time.Second))
			b := make([]byte, 12)
			n, _ := io.ReadFull(c, b)
			answers <- strings.HasPrefix(string(b[:n]), "HTTP/1.1 503")
		}()
	}
	refused := 0
	for range conns {
		if <-answers {
			refused++
		}
	}
	time.Sleep(2 * time.Second)
	for _, c := range conns {
		c.Close()
	}
	kb := s.stop()
	v := "held"
	if refused == 0 {
		v = "HURT"
	}
	return result{v, kb, fmt.Sprintf("%d connections opened, %d answered 503 (per-client cap); server fds %d", len(conns), refused, peakFDs)}
}

// setsid: certify an agent whose grandchild calls setsid and keeps stdout
// open, default and --strict.
func (d *driver) setsid() result {
	if d.goagent == "" {
		return result{"skipped", 0, "no -goagent"}
	}
	mark := "297." + strconv.Itoa(os.Getpid()%1000) // a sleep duration no one else uses
	agent := fmt.Sprintf("setsid sleep %s & exec %s", mark, d.goagent)
	var out []string
	verdict := "held"
	for _, strict := range []bool{false, true} {
		args := []string{"certify", "--game", "inference", "--agent", agent, "--matches", "1", "--format", "text", "--report-dir", filepath.Join(d.tmp, "certify")}
		if strict {
			args = append(args, "--strict")
		}
		cmd := exec.Command(d.umpire, args...)
		e := runEscape(cmd, mark)
		if e.left > 0 {
			verdict = "HURT"
		}
		out = append(out, fmt.Sprintf("strict=%v: exit %d, %s", strict, e.code, e))
	}
	return result{verdict, 0, strings.Join(out, "; ")}
}

// survivors lists the processes running `sleep mark`.
func survivors(mark string) []int {
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if string(b) == "sleep\x00"+mark+"\x00" {
			out = append(out, pid)
		}
	}
	return out
}

func short(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 110 {
		s = s[:110] + "…"
	}
	return s
}

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// maxMessage is the largest message either side must accept.
const maxMessage = 1 << 20

func main() {
	seed := flag.Uint64("seed", 1, "seed of the policy's random choices")
	addr := flag.String("http", "", "serve the policy over HTTP on this address (e.g. :8080) instead of stdin/stdout")
	conn := flag.Bool("connect", false, "connect to the server named by UMPIRE_URL, UMPIRE_GAME, UMPIRE_MATCH or UMPIRE_ROOM, UMPIRE_SEAT, UMPIRE_TOKEN")
	infDialect := flag.String("inf-dialect", "", "Inference dialects, comma-separated: legitimate choices where the rules leave room (call-amount, fold-amount, message-null, no-match-id, extra-fields, stderr, linger, slow, table-talk, amount-float, crlf)")
	dialect := flag.String("dialect", "", "BangArena dialects, comma-separated: "+baDialectHelp())
	flag.Parse()
	p := newPlayer(*seed)
	ds, err := parseInfDialects(*infDialect)
	var bd baDialects
	if err == nil {
		bd, err = parseBADialects(*dialect)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(2)
	}
	p.dialects, p.baDialects = ds, bd
	if bd["stderr-chatter"] {
		fmt.Fprintln(os.Stderr, "agent: starting with dialects", *dialect)
	}
	switch {
	case *conn:
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
		err = connect(ctx, p, os.Getenv, os.Stderr)
		if ctx.Err() != nil {
			err = nil // told to stop
		}
		stop()
	case *addr != "":
		err = serveHTTP(*addr, p, os.Stdout)
	default:
		err = serveLines(os.Stdin, os.Stdout, p, os.Stderr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}

// serveLines answers each input line that needs an answer with one output
// line, until match_end or the end of the input; after a match_start line
// (umpire --agent-keep) until the end of the input, match after match.
func serveLines(in io.Reader, out io.Writer, p *player, log io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), maxMessage+2)
	w := bufio.NewWriter(out)
	eol := "\n"
	if p.dialects["crlf"] {
		eol = "\r\n"
	}
	for sc.Scan() {
		if p.dialects["stderr"] {
			fmt.Fprintf(log, "agent: read %d bytes\n", len(sc.Bytes()))
		}
		answer, done, err := p.handle(sc.Bytes())
		if err != nil {
			fmt.Fprintln(log, "agent: ignoring a message:", err)
			continue
		}
		if answer != nil {
			w.Write(answer)
			w.WriteString(eol)
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if done {
			if p.dialects["linger"] {
				time.Sleep(200 * time.Millisecond)
			}
			return nil
		}
	}
	return sc.Err()
}

// serveHTTP answers each POST with the policy's answer (204 when the
// message needs none) until SIGTERM or SIGINT. It prints its URL first.
func serveHTTP(addr string, p *player, stdout io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler(p), ReadHeaderTimeout: 5 * time.Second}
	fmt.Fprintf(stdout, "listening on http://%s/\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func handler(p *player) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST a message", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxMessage))
		if err != nil {
			http.Error(w, "message too large", http.StatusRequestEntityTooLarge)
			return
		}
		answer, _, err := p.handle(body)
		switch {
		case err != nil:
			http.Error(w, err.Error(), http.StatusBadRequest)
		case answer == nil:
			w.WriteHeader(http.StatusNoContent)
		default:
			w.Header().Set("Content-Type", "application/json")
			w.Write(answer)
		}
	})
}

//go:build http

package main

import (
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sync/atomic"
)

func main() {
	addr := flag.String("http", "127.0.0.1:0", "address to serve on")
	echo := flag.Bool("echo", false, "answer each request with its body")
	ack := flag.Bool("ack", false, "answer each request with {}")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s/\n", ln.Addr())
	var n atomic.Int64
	err = http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return
		}
		w.Header().Set("Content-Type", "application/json")
		switch {
		case *echo:
			w.Write(body)
			return
		case *ack:
			w.Write([]byte(`{}`))
			return
		}
		b := answer(nil, body, n.Add(1))
		if b == nil {
			b = []byte(`{}`)
		}
		w.Write(b)
	}))
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}

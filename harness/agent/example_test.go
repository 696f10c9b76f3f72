//go:build unix

package agent_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"time"

	"github.com/umpire-arena/umpire/harness/agent"
)

// A JSON Lines agent: here `cat`, which echoes every request.
func ExampleStart() {
	ctx := context.Background()
	p, err := agent.Start(ctx, agent.Spec{Command: "cat"})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := p.Ask(ctx, map[string]any{"type": "ping", "n": 1}, 5*time.Second)
	fmt.Println(string(r.Answer.Bytes), agent.TerminationOf(err))
	exit, _ := p.Close(time.Second)
	fmt.Println(exit.Termination(), exit.Forced)
	// Output:
	// {"n":1,"type":"ping"} ok
	// ok none
}

// A failure is classified: this agent writes text instead of JSON.
func ExampleTerminationOf() {
	ctx := context.Background()
	p, err := agent.Start(ctx, agent.Spec{Command: `read line; echo "I fold"; sleep 30`})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer p.Close(0)
	r, err := p.Ask(ctx, `{"type":"your_turn"}`, 300*time.Millisecond)
	fmt.Println(agent.TerminationOf(err), r.Before[0].Kind, string(r.Before[0].Bytes))
	// Output:
	// malformed not_json I fold
}

// An agent behind an HTTP endpoint.
func ExampleNewHTTP() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"seat":2,"actionId":"end_play","commandId":"c-1","observationVersion":41}`)
	}))
	defer srv.Close()
	a, err := agent.NewHTTP(agent.HTTPSpec{URL: srv.URL})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer a.Close()
	r, err := a.Ask(context.Background(), `{"seatId":2,"observationVersion":41,"legalActions":[{"actionId":"end_play"}]}`, 5*time.Second)
	fmt.Println(r.Status, string(r.Answer.Bytes), agent.TerminationOf(err))
	// Output:
	// 200 {"seat":2,"actionId":"end_play","commandId":"c-1","observationVersion":41} ok
}

// A program that connects to the server by itself gets UMPIRE_* variables.
func ExampleStartConnect() {
	c, err := agent.StartConnect(context.Background(), agent.ConnectSpec{
		Command: `echo "$UMPIRE_GAME $UMPIRE_ROOM seat $UMPIRE_SEAT"`,
		Game:    "bangarena", URL: "http://127.0.0.1:7070", ID: "r-1", Seat: 3, Token: "secret",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	<-c.Done()
	exit, _ := c.Close(time.Second)
	fmt.Print(string(exit.Output))
	fmt.Println(exit.Termination())
	// Output:
	// bangarena r-1 seat 3
	// ok
}

package conform

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"

	"github.com/umpire-arena/umpire/harness"
)

// doJSON makes one HTTP request with an optional JSON body and headers and
// returns the status and body (at most 8 MiB).
func DoJSON(ctx context.Context, t *Target, method, path string, header map[string]string, body any) (int, []byte, error) {
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(body)
		if err != nil {
			return 0, nil, err
		}
		rd = bytes.NewReader(data)
	}
	wait := t.RequestWait()
	parent := ctx
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	// A wait that ran out is a NoAnswerError whichever bound saw it first:
	// this request's, or the client's (Target.Client).
	ranOut := func(what string, err error) error {
		if errors.Is(err, ErrNoAnswer) {
			return err
		}
		if parent.Err() == nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return t.NoAnswer(what, wait, err)
		}
		return nil
	}
	req, err := http.NewRequestWithContext(ctx, method, t.URL+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := t.Client().Do(req)
	if err != nil {
		if na := ranOut(method+" "+path, err); na != nil {
			return 0, nil, na
		}
		return 0, nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer resp.Body.Close()
	data, err := ReadAnswer(resp)
	if err != nil {
		if na := ranOut(method+" "+path+": reading the answer", err); na != nil {
			return resp.StatusCode, data, na
		}
		return resp.StatusCode, data, fmt.Errorf("%s %s: %w", method, path, err)
	}
	return resp.StatusCode, data, nil
}

// MaxAnswerBytes is the most of one HTTP answer the suite reads.
const MaxAnswerBytes = 8 << 20

// ReadAnswer reads an answer's body, at most MaxAnswerBytes: a longer one
// is an error (with its first MaxAnswerBytes), never silently cut.
func ReadAnswer(resp *http.Response) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswerBytes+1))
	switch {
	case err != nil:
		return data, fmt.Errorf("reading the answer: %w", err)
	case len(data) > MaxAnswerBytes:
		return data[:MaxAnswerBytes], fmt.Errorf("the answer is over %d MiB, the most umpire reads of one answer", MaxAnswerBytes>>20)
	}
	return data, nil
}

// noAnswerWithin is how a NoAnswerError says the target did not answer
// within its bound (its words only: RunAll counts the error's type).
const noAnswerWithin = "no answer within"

// clip shortens a body for an error message.
func Clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// CreateError is a create request of the harness extension that the target
// answered with a status other than success.
type CreateError struct {
	// What is what was created ("a match"), Path the route asked.
	What, Path string
	// Status is the answer's HTTP status, Body its body.
	Status int
	Body   []byte
}

func (e *CreateError) Error() string {
	return fmt.Sprintf("creating %s: HTTP %d: %s", e.What, e.Status, Clip(e.Body))
}

// sortedSeats returns the seats of a token map in order.
func SortedSeats(m map[int]string) []int {
	return slices.Sorted(maps.Keys(m))
}

// checkAnnounced refuses seat tokens a target announced for seats no table
// of the game has: at most the game's largest table, each seat in range. A
// hostile answer listing 400,000 tokens would otherwise open a connection
// per token.
func CheckAnnounced(t *Target, what string, toks map[int]string) error {
	f, ok := harness.Lookup(t.Game)
	if !ok {
		return nil
	}
	if len(toks) > f.MaxSeats {
		return fmt.Errorf("%s: the answer lists %d seat tokens; a table of %s has at most %d seats", what, len(toks), f.Title, f.MaxSeats)
	}
	for s := range toks {
		if s < 0 || s >= f.MaxSeats {
			return fmt.Errorf("%s: the answer has a token for seat %d; the seats of %s are 0–%d", what, s, f.Title, f.MaxSeats-1)
		}
	}
	return nil
}

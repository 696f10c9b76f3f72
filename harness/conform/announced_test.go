package conform

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/umpire-arena/umpire/harness"
)

// TestAnnouncedSeatsBounded: a create answer that lists more seat tokens
// than the game's largest table, or a token for a seat no table has, is
// refused at once with a clear error (it opened a connection per token and
// sorted 400,000 seats by insertion); an answer within bounds is taken.
func TestAnnouncedSeatsBounded(t *testing.T) {
	tokens := func(n, from int) string {
		var b strings.Builder
		b.WriteByte('{')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%d":"t%d"`, from+i, i)
		}
		b.WriteByte('}')
		return b.String()
	}
	tests := []struct {
		name, game, tokens, want string
	}{
		{"inference 400,000 tokens", harness.GameInference, tokens(400_000, 0), "at most 8 seats"},
		{"inference seat 9", harness.GameInference, tokens(1, 9), "seat 9"},
		{"inference a table", harness.GameInference, tokens(3, 0), ""},
		{"bangarena 400,000 tokens", harness.GameBangArena, tokens(400_000, 0), "at most 8 seats"},
		{"bangarena seat -1", harness.GameBangArena, `{"-1":"t"}`, "seat -1"},
		{"bangarena a table", harness.GameBangArena, tokens(4, 0), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				fmt.Fprintf(w, `{"match_id":"m","roomId":"r","tokens":%s}`, tc.tokens)
			}))
			defer srv.Close()
			tg := &Target{Game: tc.game, URL: srv.URL}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			start := time.Now()
			_, err := HandOver(ctx, tg, "test")
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("have %v, want the answer taken", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("have %v, want an error saying %q", err, tc.want)
			}
			// Refusing the 400,000 tokens takes about a second, and took
			// up to sixteen on a machine loaded ten times over (a bound of
			// five failed there); opening a connection per token takes
			// minutes, sorting the seats by insertion tens of seconds.
			if d := time.Since(start); d > 20*time.Second {
				t.Errorf("took %s", d)
			}
		})
	}
}

package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/umpire-arena/umpire/harness/certify"
	"github.com/umpire-arena/umpire/harness/game"
)

// TestGameHelpFromRegistry: the help of a flag only some games read, and
// of the per-game defaults, is every game's own registered text (its
// gamecli.Help, facts and certify part), so a game added changes the help
// with no edit here. A help text written by hand in cmd/umpire drops a
// game's words and fails.
func TestGameHelpFromRegistry(t *testing.T) {
	help, raw := map[string]string{}, map[string]string{}
	for _, c := range []string{"conform", "certify", "simulate", "verify", "proxy"} {
		_, out, errOut := runUmpire(t, "", c, "-h")
		raw[c] = out + errOut
		help[c] = strings.Join(strings.Fields(out+errOut), " ")
	}
	if len(cliGames()) < 2 {
		t.Fatal("fewer than two games registered: the test proves nothing")
	}
	for _, g := range cliGames() {
		r, _ := game.Lookup(g.Name)
		cert, _ := game.Part[certify.Game](r)
		want := map[string][]string{
			"conform":  {fmt.Sprintf("%s %d", g.Title, g.ConformSeats)},
			"certify":  {fmt.Sprintf("%s %d-%d", g.Title, g.MinSeats, g.MaxSeats), g.Title + " " + cert.DefaultDeadline.String()},
			"simulate": {g.Title + " " + strings.Join(g.SimAdversaries, ",")},
		}
		for flag, text := range map[string]string{"certify": g.Help.Mode, "simulate": g.Help.Mode, "conform": g.Help.SeatPolicy} {
			if text != "" {
				want[flag] = append(want[flag], g.Title+": "+text)
			}
		}
		for _, text := range []string{g.Help.Deal, g.Help.Seed} {
			if text != "" {
				want["verify"] = append(want["verify"], g.Title+": "+text)
			}
		}
		if g.Help.Proxy != "" {
			want["proxy"] = append(want["proxy"], g.Title+": "+strings.Join(strings.Fields(g.Help.Proxy), " "))
		}
		// The flag naming one match is the noun's (games sharing a noun
		// share the flag): its help names this game and its variable.
		if h := flagHelp(raw["conform"], g.MatchNoun); !strings.Contains(h, g.Title) || !strings.Contains(h, g.MatchEnv) || !strings.Contains(h, g.MatchNoun+" id to play") {
			t.Errorf("conform -h: --%s says %q, want %s, %q and %s in it", g.MatchNoun, h, g.Title, g.MatchNoun+" id to play", g.MatchEnv)
		}
		for c, texts := range want {
			for _, text := range texts {
				if !strings.Contains(help[c], text) {
					t.Errorf("%s -h does not say %q:\n%s", c, text, help[c])
				}
			}
		}
	}
}

// flagHelp is the help text of --name in a flag set's usage output (the
// line after "  -name ..."), "" when it has none.
func flagHelp(usage, name string) string {
	lines := strings.Split(usage, "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) > 0 && f[0] == "-"+name && i+1 < len(lines) {
			return strings.TrimSpace(lines[i+1])
		}
	}
	return ""
}

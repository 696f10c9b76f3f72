package proxyside

import (
	"testing"

	"github.com/tidwall/gjson"
	"github.com/umpire-arena/umpire/harness"
	"github.com/umpire-arena/umpire/referee/inference/wire"
	"github.com/umpire-arena/umpire/schemas"
)

// FuzzReaders: the Inference judge's readers of what agents and servers send never
// panic, whatever the bytes.
func FuzzReaders(f *testing.F) {
	for _, s := range []string{
		`{"type":"your_turn","match_id":"m","round":1,"turn":0,"deadline_ms":10,"visible_state":{"round":1,"your_seat":0,"players":[{"seat":1,"value":3}]},"legal_actions":[{"action":"fold"}]}`,
		`{"type":"event","event":{"type":"round_start","round":1,"dealt_in":[0,1]}}`,
		`[`, `{"type":`, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if env, ok := wire.ReadEnvelope(b); ok {
			readView(env.VisibleState)
			_ = wire.ReadEvent(env.Event)
		}
		if env, ok := readEnvelopeUnchecked(b); ok {
			readView(env.VisibleState)
			_ = wire.ReadEvent(env.Event)
		}
	})
}

// readView reads a visible_state as the judge does.
func readView(b []byte) {
	if v, ok := wire.ReadView(b); ok {
		_, _ = v.LegalView()
	}
}

// FuzzEnvelopeCheck: the judge skips the JSON syntax scan of a message that
// validates, so a message must never validate unless it is JSON.
func FuzzEnvelopeCheck(f *testing.F) {
	for _, s := range []string{
		`{"type":"your_turn","match_id":"m","round":1,"turn":0,"deadline_ms":10,"visible_state":{"round":1,"your_seat":0,"players":[{"seat":1,"value":3}]},"legal_actions":[{"action":"fold"}]}`,
		`{"type":"error","code":"bad_move","message":"x"}`,
		"{\"type\":\"error\",\"code\":\"bad_move\",\"message\":\"\xff\"}",
		`{"type":"event","match_id":"m","event":{"type":"round_start","round":1,"dealt_in":[0,1]}}`,
	} {
		f.Add([]byte(s))
	}
	set, err := schemas.Compile()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		env, ok := readEnvelopeUnchecked(b)
		if ok && len(set.Validate(harness.GameInference, env.Type, b)) == 0 && !gjson.ValidBytes(b) {
			t.Fatalf("a %q message validates but is not JSON: %q", env.Type, b)
		}
	})
}

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	ref "github.com/umpire-arena/umpire/referee/bangarena"
)

// checkSameBytes fails when appendBody does not write json.Marshal's bytes
// for v (written after a prefix, to catch offsets into the buffer).
func checkSameBytes(t *testing.T, what string, v any) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("%s: json.Marshal: %v", what, err)
	}
	prefix := []byte("prefix:")
	have, err := appendBody(append([]byte(nil), prefix...), v)
	if err != nil {
		t.Fatalf("%s: appendBody: %v", what, err)
	}
	if !bytes.HasPrefix(have, prefix) {
		t.Fatalf("%s: appendBody changed the bytes before it", what)
	}
	if have = have[len(prefix):]; !bytes.Equal(have, want) {
		i := 0
		for i < len(have) && i < len(want) && have[i] == want[i] {
			i++
		}
		t.Fatalf("%s: have %d bytes, want %d; first difference at %d:\nhave …%s\nwant …%s", what, len(have), len(want), i,
			truncate(have[max(0, i-80):]), truncate(want[max(0, i-80):]))
	}
}

// TestEncodersMatchEncodingJSON plays seeded rooms whose seats are all
// agents, answering at random (illegal answers and repeated commandIds
// included), and checks that every seat's Request and every decision
// answer is written with the very bytes of json.Marshal.
func TestEncodersMatchEncodingJSON(t *testing.T) {
	tests := []struct {
		name   string
		seats  int
		mode   string
		rooms  int
		faults []Fault
		policy string
	}{
		{name: "classic 4 seats", seats: 4, rooms: 4},
		{name: "classic 7 seats, policy random", seats: 7, rooms: 2, policy: PolicyRandom},
		{name: "partners 6 seats, policy skip", seats: 6, mode: ref.ModePartners, rooms: 2, policy: PolicySkip},
		{name: "impostor 5 seats", seats: 5, mode: ref.ModeImpostor, rooms: 2},
		{name: "faults that rewrite requests", seats: 5, rooms: 2, faults: []Fault{FaultLeakHand, FaultLeakRole, FaultJailMarshal}},
		{name: "answers without version", seats: 4, rooms: 2, faults: []Fault{FaultAnswerWithoutVersion, FaultNoDuplicate}},
	}
	requests, answers, observed := 0, 0, 0
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for k := range tc.rooms {
				s, err := New(Options{Deadline: time.Hour, Faults: tc.faults})
				if err != nil {
					t.Fatal(err)
				}
				agents := make([]int, tc.seats)
				for i := range agents {
					agents[i] = i
				}
				c, err := s.CreateRoom(RoomConfig{Seats: tc.seats, RoleMode: tc.mode, Seed: fmt.Sprintf("enc-%s-%d", tc.name, k), Agents: agents, Policy: tc.policy})
				if err != nil {
					t.Fatal(err)
				}
				r := s.room(c.RoomID)
				h := s.Handler()
				rng := rand.New(rand.NewPCG(uint64(k), 7))
				var used []string
				for step := 0; ; step++ {
					if step > 5000 {
						t.Fatal("the room did not end within 5000 answers")
					}
					r.mu.Lock()
					decider, version := -1, r.g.Version()
					var legal []ref.LegalAction
					for seat := range tc.seats {
						// Every seat's request at every third step, the
						// decider's at every step.
						q := r.requestLocked(seat)
						if pending := r.pendingLocked(seat); pending || step%3 == 0 {
							checkSameBytes(t, fmt.Sprintf("room %d step %d seat %d request", k, step, seat), q)
							requests++
						}
						if r.pendingLocked(seat) {
							decider, legal = seat, q.LegalActions
						}
					}
					ended := r.ended
					want := make([][]byte, tc.seats)
					for seat := range tc.seats {
						if seat == decider || rng.IntN(4) == 0 {
							b, _ := json.Marshal(r.requestLocked(seat))
							want[seat] = append(b, '\n')
						}
					}
					r.mu.Unlock()
					// REST observe (through the seats' event caches) gives
					// the same bytes, for the seats asked at this step.
					for seat := range tc.seats {
						if want[seat] == nil {
							continue
						}
						rec := httptest.NewRecorder()
						h.ServeHTTP(rec, observeRequest(c.RoomID, seat, c.Tokens[seat]))
						if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), want[seat]) {
							t.Fatalf("room %d step %d seat %d: REST observe: have %d %s\nwant %s", k, step, seat, rec.Code, truncate(rec.Body.Bytes()), truncate(want[seat]))
						}
						observed++
					}
					if ended {
						break
					}
					if decider < 0 {
						t.Fatalf("room %d step %d: no agent decision pending in an all-agent room", k, step)
					}
					action := legal[rng.IntN(len(legal))].ActionID
					switch n := rng.IntN(20); {
					case n == 0:
						action = `never <offered> & "odd"` // an illegal answer: reask, then a replacement
					case n == 1 && len(used) > 0:
						used = append(used, used[rng.IntN(len(used))]) // a repeat: duplicate
					}
					if len(used) == 0 || rng.IntN(20) != 1 {
						used = append(used, "c-"+strconv.Itoa(step))
					}
					body, _ := json.Marshal(decision(decider, action, used[len(used)-1], version))
					rp := s.decide(c.RoomID, c.Tokens[decider], body)
					checkSameBytes(t, fmt.Sprintf("room %d step %d answer", k, step), rp.body)
					answers++
				}
				if err := s.Shutdown(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	t.Logf("%d requests, %d answers and %d REST observe bodies written byte for byte as json.Marshal writes them", requests, answers, observed)
}

func observeRequest(room string, seat int, token string) *http.Request {
	req := httptest.NewRequest(http.MethodGet, "/api/ai/rooms/"+room+"/observe?seat="+strconv.Itoa(seat), nil)
	req.Header.Set("x-agent-token", token)
	return req
}

func TestAnswerAndStringEncoding(t *testing.T) {
	strs := []string{"", "end_play", "shot:b12:3", `say "hi"`, `back\slash`, "<html> & co", "<only", "only>", "&only", "a\nb\tc\x00\x1f\x7f",
		"é ünïcode", "\xff\xfe bad utf-8", "line\u2028sep\u2029", "emoji 🤠"}
	for _, s := range strs {
		want, _ := json.Marshal(s)
		if have := appendString([]byte("x"), s); !bytes.Equal(have[1:], want) || have[0] != 'x' {
			t.Errorf("appendString(%q): have %s, want %s", s, have[1:], want)
		}
		for _, a := range []Answer{
			{OK: true, ObservationVersion: 12, ReplacedBy: s, RequestedActionID: s, Random: true},
			{OK: true, ObservationVersion: 0, Skipped: true, ReplacedBy: "pass_reaction", RequestedActionID: s},
			{OK: false, ObservationVersion: -3, Duplicate: true, Random: true, Skipped: true},
		} {
			checkSameBytes(t, fmt.Sprintf("answer %+v", a), a)
		}
	}
}

func TestRequestEncodingEdgeCases(t *testing.T) {
	g, err := ref.NewGame(ref.Config{Seats: 4, MatchID: `m-"<quoted>"-deadlineAt`}, "edge")
	if err != nil {
		t.Fatal(err)
	}
	seat, _ := g.Decider()
	dl := "2026-01-02T03:04:05.678Z"
	odd := `<"deadlineAt":"",>`
	for _, tc := range []struct {
		name string
		q    func() Request
	}{
		{"pending", func() Request {
			req := g.Request(seat, dl)
			return Request{DecisionRequest: req, DeadlineAt: &dl, LegalMask: req.LegalActions}
		}},
		{"not pending", func() Request {
			req := g.Request((seat+1)%4, "")
			req.LegalActions = []ref.LegalAction{}
			return Request{DecisionRequest: req, LegalMask: req.LegalActions}
		}},
		{"nil lists", func() Request {
			req := g.Request((seat+1)%4, "")
			req.LegalActions = nil
			return Request{DecisionRequest: req}
		}},
		{"mask differs from legalActions", func() Request {
			req := g.Request(seat, "")
			return Request{DecisionRequest: req, DeadlineAt: &odd, LegalMask: req.LegalActions[:1]}
		}},
		{"empty mask beside nil legalActions", func() Request {
			req := g.Request(seat, "")
			req.LegalActions = nil
			return Request{DecisionRequest: req, LegalMask: []ref.LegalAction{}}
		}},
		{"inner deadlineAt set, outer null", func() Request {
			req := g.Request(seat, dl)
			return Request{DecisionRequest: req, LegalMask: req.LegalActions}
		}},
	} {
		checkSameBytes(t, tc.name, tc.q())
	}
}

// isObjectByMap is parseDecision's former object test: an Unmarshal
// of the whole body into a map.
func isObjectByMap(body []byte) bool {
	var probe map[string]json.RawMessage
	return json.Unmarshal(body, &probe) == nil && probe != nil
}

func TestParseDecisionObjectTest(t *testing.T) {
	bodies := []string{
		`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1}`,
		` {"seat":0,"actionId":"a","commandId":"c","observationVersion":1} `,
		`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1}}`,
		`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1}]`,
		`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1} {}`,
		`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1,"args":{"x":1}}`,
		`{"seat":0,"actionId":"a","commandId":"c","observationVersion":1,"args":[1]}`,
		`null`, ` null `, `[]`, `"s"`, `1`, ``, `{`, "\t\n{\"seat\":0,\"actionId\":\"a\",\"commandId\":\"c\",\"basedOnVersion\":2}",
	}
	for _, b := range bodies {
		_, err := parseDecision([]byte(b))
		// The former code: decode, then the map test.
		var d Decision
		dec := json.NewDecoder(bytes.NewReader([]byte(b)))
		derr := dec.Decode(&d)
		wantObjErr := derr == nil && !dec.More() && !isObjectByMap([]byte(b))
		haveObjErr := err != nil && err.Error() == "body must be a JSON object"
		if haveObjErr != wantObjErr {
			t.Errorf("%q: have error %v; want the object error: %v", b, err, wantObjErr)
		}
	}
}

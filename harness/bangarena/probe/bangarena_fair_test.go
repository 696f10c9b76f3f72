package probe

import (
	"slices"
	"testing"

	ba "github.com/umpire-arena/umpire/referee/bangarena"
)

// TestBaLogFlips: the flips of a log's cover_check events are read in
// every shape a server may give them (bangarena/8.cover-fair, I-BA-42):
// a list, or one flip whose outcome the event states; a count of two is
// unreadable and counted so.
func TestBaLogFlips(t *testing.T) {
	log := []byte(`{"seq":1,"type":"turn_start","seat":0}
{"seq":2,"type":"cover_check","seat":1,"coin":true,"flips":[true,false],"result":"cancel"}
{"seq":3,"type":"cover_check","seat":1,"coin":true,"flips":[false],"success":false}
{"seq":4,"type":"cover_check","seat":2,"coin":true,"flips":1,"success":true}
{"seq":5,"type":"cover_check","seat":2,"coin":true,"result":"fail"}
{"seq":6,"type":"cover_check","seat":2,"coin":true,"flips":2,"result":"cancel"}
{"seq":7,"type":"check","seat":2,"kind":"cover_check_note"}
`)
	seq, unread := baLogFlips(log)
	if want := []bool{true, false, false, true, false}; !slices.Equal(seq, want) || unread != 1 {
		t.Errorf("flips %v, %d unread; want %v, 1", seq, unread, want)
	}
}

// TestBaKnownRoles: the Marshal's briefing is read as umpire's list and
// as another server's object from seat to role
// (bangarena/2.briefing-random-aide).
func TestBaKnownRoles(t *testing.T) {
	for _, tc := range []struct{ name, data string }{
		{"list", `{"observation":{"knownRoles":[{"seat":2,"roleId":"aide"},{"seat":5,"roleId":"aide"}]}}`},
		{"object", `{"observation":{"knownRoles":{"2":"aide","5":"aide"}}}`},
	} {
		got := baKnownRoles([]byte(tc.data))
		slices.SortFunc(got, func(a, b ba.KnownRole) int { return a.Seat - b.Seat })
		if want := []ba.KnownRole{{Seat: 2, RoleID: "aide"}, {Seat: 5, RoleID: "aide"}}; !slices.Equal(got, want) {
			t.Errorf("%s: %v, want %v", tc.name, got, want)
		}
	}
}

package bangarena

import "testing"

func TestWeaponRange(t *testing.T) {
	for id, want := range map[string]int{"weapon_volcanic": 1, "weapon_short": 2, "weapon_rifle": 3, "weapon_carbine": 4, "weapon_long": 5, "shot": 0, "": 0} {
		if got := WeaponRange(id); got != want {
			t.Errorf("WeaponRange(%q) = %d, want %d", id, got, want)
		}
	}
}

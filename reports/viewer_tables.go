package reports

import (
	"slices"
)

// What the games' tables share (each game's shape, harness/<game>/viewer,
// reads them through viewer_kit.go): what a seat saw, read tolerantly.

// extraKeys returns, sorted, the keys of the objects in items that are
// not among known.
func extraKeys(items []any, known ...string) []string {
	seen := map[string]bool{}
	for _, k := range known {
		seen[k] = true
	}
	var out []string
	for _, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			continue
		}
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	slices.Sort(out)
	return out
}

// showIf shows the value of key k of object p, "—" when p lacks it.
func showIf(p any, k string) string {
	if !has(p, k) {
		return "—"
	}
	return show(at(p, k))
}

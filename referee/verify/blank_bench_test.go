package verify

import (
	"bytes"
	"context"
	"testing"

	"github.com/umpire-arena/umpire/referee/rules"
)

func BenchmarkBlankLines(b *testing.B) {
	data := bytes.Repeat([]byte("\n"), 1<<20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		n := 0
		VerifyReader(context.Background(), bytes.NewReader(data), "x", func(rules.Finding) { n++ })
	}
}

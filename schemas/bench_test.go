package schemas

import (
	"os"
	"strconv"
	"testing"
)

// BenchmarkValidateCorpus validates the generated corpus (a few hundred
// Inference and BangArena messages of every kind) with a known kind; the
// figure to compare with ajv (bench/run.sh) is msgs/s.
func BenchmarkValidateCorpus(b *testing.B) {
	set := testSet(b)
	msgs := loadCorpus(b)
	var bytes int64
	for _, m := range msgs {
		bytes += int64(len(m.data))
	}
	b.SetBytes(bytes / int64(len(msgs)))
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := 0; i < b.N; i++ {
		m := msgs[i%len(msgs)]
		if vs := set.Validate(m.game, m.kind, m.data); len(vs) > 0 {
			b.Fatal(Err(vs))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "msgs/cpu-s")
	}
}

// BenchmarkValidateCorpusReference validates the corpus with the reference
// validator alone (no fast path), for comparison.
func BenchmarkValidateCorpusReference(b *testing.B) {
	set := testSet(b)
	msgs := loadCorpus(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := msgs[i%len(msgs)]
		sch, _ := set.lookup(m.game, m.kind)
		if vs := set.reference(sch, m.data); len(vs) > 0 {
			b.Fatal(Err(vs))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkValidateInvalid validates messages that break one constraint
// each: the fast path rejects them and the reference path explains.
func BenchmarkValidateInvalid(b *testing.B) {
	set := testSet(b)
	type bad struct {
		game, kind string
		data       []byte
	}
	var msgs []bad
	for _, tc := range negativeCases(b) {
		if tc.inline != "" {
			msgs = append(msgs, bad{tc.game, tc.kind, []byte(tc.inline)})
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := msgs[i%len(msgs)]
		if vs := set.Validate(m.game, m.kind, m.data); len(vs) == 0 {
			b.Fatal("an invalid message passed")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkValidateCorpusParallel is BenchmarkValidateCorpus on every core
// (one Set shared by all goroutines), the throughput of a validate run.
func BenchmarkValidateCorpusParallel(b *testing.B) {
	set := testSet(b)
	msgs := loadCorpus(b)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			m := msgs[i%len(msgs)]
			i++
			if vs := set.Validate(m.game, m.kind, m.data); len(vs) > 0 {
				b.Error(Err(vs))
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkValidateAuto adds kind detection (gjson probes) to each message.
func BenchmarkValidateAuto(b *testing.B) {
	set := testSet(b)
	var msgs []corpusMessage
	for _, m := range loadCorpus(b) {
		if m.kind[:3] != "mcp" {
			msgs = append(msgs, m)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := msgs[i%len(msgs)]
		if _, vs := set.ValidateAuto(m.game, m.data); len(vs) > 0 {
			b.Fatal(Err(vs))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

// BenchmarkDetect times kind detection alone.
func BenchmarkDetect(b *testing.B) {
	msgs := loadCorpus(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := msgs[i%len(msgs)]
		_, _ = Detect(m.game, m.data)
	}
}

// BenchmarkCompile times building the whole set.
func BenchmarkCompile(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Compile(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateCorpusMemo is BenchmarkValidateCorpus through one Memo
// (ValidateWith), as a judge of one stream validates: the corpus's matches
// repeat their histories and limits from message to message.
func BenchmarkValidateCorpusMemo(b *testing.B) {
	set := testSet(b)
	msgs := loadCorpus(b)
	memo := NewMemo(envInt("SCHEMAS_MEMO_BYTES", 0))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := msgs[i%len(msgs)]
		if vs := set.ValidateWith(memo, m.game, m.kind, m.data); len(vs) > 0 {
			b.Fatal(Err(vs))
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "msgs/s")
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

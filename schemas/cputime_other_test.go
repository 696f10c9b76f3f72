//go:build !unix

package schemas

import "time"

// cpuTime is unknown here; benchmarks then report no CPU-based figure.
func cpuTime() time.Duration { return 0 }

// Package ci holds umpire's CI examples and the tests that keep them honest:
// github-actions-certify.yml (a GitHub Actions matrix of shards and a merge
// job) and k8s-indexed-job.yaml (a Kubernetes Indexed Job and a merge Job).
//
// The tests parse both files, check that every umpire command they run uses
// real subcommands and flags (--shard k/n, --report-dir, report merge,
// --junit, …), and run their shell steps locally: each shard's certify step
// with a stand-in certify that writes a shard report for exactly the seeds
// of its --shard, then the merge step with the real umpire binary.
package ci

// Package inference is the Ginkgo suite of server conformance for
// Inference: the checks of harness/inference/probe wrapped by specs.ServerSuite.
package inference

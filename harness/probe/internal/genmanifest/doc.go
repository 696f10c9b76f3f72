// Command genmanifest writes umpire's conformance manifest (see
// probe.Manifest): go generate ./harness/probe runs it.
package main

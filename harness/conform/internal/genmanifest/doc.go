// Command genmanifest writes umpire's conformance manifest (see
// conform.Manifest): go generate ./harness/conform runs it.
package main

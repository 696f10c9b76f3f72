// Package adversaries holds umpire's scripted players, one subpackage per
// game (inference, bangarena). A scripted player is a pure, seeded decision
// function over what its seat may see; the same seed and the same sequence
// of views give the same moves. They fill the seats an agent under test does
// not take, in certification runs, self-play simulations and the embedded
// server.
package adversaries

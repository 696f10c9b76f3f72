package certify

// Validate checks the configuration as Run would, without playing: a
// caller can tell a usage error (ErrConfig) from a run that cannot start
// before it starts anything — a game that gives no driver included.
func (c Config) Validate() error {
	c, err := c.withDefaults()
	if err != nil {
		return err
	}
	if g, ok := gameOf(c.Game); ok {
		return g.playable()
	}
	return nil
}

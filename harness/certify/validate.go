package certify

// Validate checks the configuration as Run would, without playing: a
// caller can tell a usage error (ErrConfig) from a run that cannot start
// before it starts anything.
func (c Config) Validate() error {
	_, err := c.withDefaults()
	return err
}

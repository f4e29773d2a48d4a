// Placeholder until the first test file of this target lands; delete when it does.

//! Nothing: the suite is in tests/.

//! Algorithm crossover points, in limbs.

/* The C benchmark: GMP's mpz functions timed on random operands. The same source is built
 * twice (capi/bench/run.sh): against <carry/gmp.h> and libcarry, and against GMP's gmp.h and
 * static library. Prints one line per case: "name bits ns-per-call".
 *   bench [seconds-per-case=0.2] [max-bits=65536] [only-names-containing] [min-bits=0]
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */
#include <gmp.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint64_t state = 0x9e3779b97f4a7c15ull;

static uint64_t
next (void)
{
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

/* x = a random value of exactly `bits` bits (top bit set); odd when `odd`. */
static void
random_bits (mpz_t x, unsigned long bits, int odd)
{
  size_t n = (bits + 63) / 64, i;
  uint64_t *w = malloc (n * sizeof *w);
  for (i = 0; i < n; i++)
    w[i] = next ();
  if (bits % 64)
    w[n - 1] &= (~0ull) >> (64 - bits % 64);
  mpz_import (x, n, -1, 8, 0, 0, w);
  mpz_setbit (x, bits - 1);
  if (odd)
    mpz_setbit (x, 0);
  free (w);
}

static double
now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Only the cases whose name contains this (all when null). */
static const char *only;

/* Runs `body` (a statement using the loop variable i) until `min_time` seconds have passed,
   doubling the count; reports nanoseconds per call. */
#define TIME(name, bits, body)                                             \
  do                                                                       \
    {                                                                      \
      long count = 1, i;                                                   \
      double t0, t;                                                        \
      if (only && !strstr (name, only))                                    \
        break;                                                             \
      for (;;)                                                             \
        {                                                                  \
          t0 = now ();                                                     \
          for (i = 0; i < count; i++)                                      \
            {                                                              \
              body;                                                        \
            }                                                              \
          t = now () - t0;                                                 \
          if (t >= min_time)                                               \
            break;                                                         \
          count *= t < min_time / 8 ? 8 : 2;                               \
        }                                                                  \
      printf ("%-14s %6lu %14.2f\n", name, (unsigned long) (bits), t * 1e9 / count); \
      fflush (stdout);                                                     \
    }                                                                      \
  while (0)

int
main (int argc, char **argv)
{
  static const unsigned long sizes[] = { 64, 256, 1024, 4096, 65536 };
  double min_time = argc > 1 ? atof (argv[1]) : 0.2;
  unsigned long max_bits = argc > 2 ? strtoul (argv[2], NULL, 10) : 65536;
  only = argc > 3 ? argv[3] : NULL;
  unsigned long min_bits = argc > 4 ? strtoul (argv[4], NULL, 10) : 0;
  mpz_t a, b, m, r, q, s;
  size_t k;

  mpz_inits (a, b, m, r, q, s, NULL);
  for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
    {
      unsigned long bits = sizes[k];
      char *str;
      if (bits > max_bits)
        break;
      if (bits < min_bits)
        continue;
      random_bits (a, bits, 0);
      random_bits (b, bits, 0);
      TIME ("mpz_add", bits, mpz_add (r, a, b));
      TIME ("mpz_mul", bits, mpz_mul (r, a, b));
      random_bits (a, 2 * bits, 0);
      TIME ("mpz_tdiv_qr", bits, mpz_tdiv_qr (q, r, a, b));
      random_bits (a, bits, 0);
      random_bits (b, bits, 0);
      TIME ("mpz_gcd", bits, mpz_gcd (r, a, b));
      random_bits (m, bits, 1);
      mpz_mod (a, a, m);
      TIME ("mpz_powm", bits, mpz_powm (r, a, b, m));
      random_bits (a, bits, 0);
      TIME ("mpz_get_str", bits, {
        char *t = mpz_get_str (NULL, 10, a);
        void (*f) (void *, size_t);
        mp_get_memory_functions (NULL, NULL, &f);
        f (t, strlen (t) + 1);
      });
      str = mpz_get_str (NULL, 10, a);
      TIME ("mpz_set_str", bits, mpz_set_str (r, str, 10));
      {
        void (*f) (void *, size_t);
        mp_get_memory_functions (NULL, NULL, &f);
        f (str, strlen (str) + 1);
      }
    }
  /* The 1000-limb rows: always, unless a size range that leaves out 64000 bits is given. */
  if (min_bits == 0 || (min_bits <= 64000 && max_bits >= 64000))
    {
      random_bits (a, 64000, 0);
      random_bits (s, 64000, 0);
      TIME ("mpz_mul_ui", 64000, mpz_mul_ui (r, a, 0xfedcba9876543211ul));
      mpz_set (r, s);
      TIME ("mpz_addmul_ui", 64000, mpz_addmul_ui (r, a, 0xfedcba9876543211ul));
      TIME ("mpz_tdiv_q_ui", 64000, mpz_tdiv_q_ui (r, a, 0xfedcba9876543211ul));
    }
  mpz_clears (a, b, m, r, q, s, NULL);
  return 0;
}

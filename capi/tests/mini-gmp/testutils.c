/* The support code mini-gmp's test programs link against (their testutils.h), written for
 * libcarry: the programs run against <carry/gmp.h> and libcarry instead of mini-gmp.c, with
 * the real GMP (through hex-random.c) as the reference.
 *
 * The allocation functions installed here record every block's size, put a guard after it,
 * and check that realloc and free are given exactly the size GMP documents; main fails when
 * any block is left allocated.
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutils.h"

static size_t live_bytes;
static const unsigned char guard[8] = { 0xca, 0x77, 0x1e, 0x5d, 0x0b, 0xad, 0xf0, 0x0d };

static void
fail (const char *what, size_t want, size_t got)
{
  fprintf (stderr, "testutils: %s (block of %zu bytes, told %zu)\n", what, want, got);
  abort ();
}

/* The block header (the size) sits before the returned pointer, the guard after the data. */
static void *
track (size_t *block, size_t n)
{
  if (block == NULL)
    {
      fprintf (stderr, "testutils: out of memory\n");
      abort ();
    }
  block[0] = n;
  memcpy ((char *) (block + 1) + n, guard, sizeof guard);
  live_bytes += n;
  return block + 1;
}

static size_t *
untrack (void *p, size_t told)
{
  size_t *block = (size_t *) p - 1;
  if (memcmp ((char *) p + block[0], guard, sizeof guard) != 0)
    fail ("write past the end of a block", block[0], told);
  if (block[0] != told)
    fail ("wrong size given to realloc or free", block[0], told);
  live_bytes -= block[0];
  return block;
}

static void *
t_alloc (size_t n)
{
  return track (malloc (sizeof (size_t) + n + sizeof guard), n);
}

static void *
t_realloc (void *p, size_t old, size_t n)
{
  size_t *block = untrack (p, old);
  return track (realloc (block, sizeof (size_t) + n + sizeof guard), n);
}

static void
t_free (void *p, size_t n)
{
  free (untrack (p, n));
}

void
testfree (void *p, size_t n)
{
  void (*freefunc) (void *, size_t);
  mp_get_memory_functions (NULL, NULL, &freefunc);
  freefunc (p, n);
}

/* Runs half the iterations with the tracking functions (checking that they leave nothing
   allocated), half with the defaults. */
void
testhalves (int count, void (*tested_fun) (int))
{
  void *(*a) (size_t);
  void *(*r) (void *, size_t, size_t);
  void (*f) (void *, size_t);
  size_t before = live_bytes;

  mp_get_memory_functions (&a, &r, &f);
  tested_fun (count / 2);
  if (live_bytes != before)
    fail ("first half leaked", live_bytes - before, 0);
  mp_set_memory_functions (NULL, NULL, NULL);
  tested_fun (count / 2);
  mp_set_memory_functions (a, r, f);
}

void
dump (const char *label, const mpz_t x)
{
  char *s = mpz_get_str (NULL, 16, x);
  fprintf (stderr, "%s: %s\n", label, s);
  testfree (s, strlen (s) + 1);
}

void
mpz_set_str_or_abort (mpz_ptr z, const char *str, int base)
{
  if (mpz_set_str (z, str, base) != 0)
    {
      fprintf (stderr, "mpz_set_str failed on \"%s\", base %d\n", str, base);
      abort ();
    }
}

/* The Lucas sequence with P = 1 and the given Q, modulo the odd n: with k = n >> b0 and
   e = k + 1, returns 1 when U_e or V_e is 0 mod n; otherwise returns 0 with V = V_e mod n
   and Qk = Q^e mod n (U_e mod n when b0 = 1), as GMP's internal mpz_lucas_mod does. Here it
   is built from the public functions, by the doubling formulas
   U_2j = U_j (2 U_j+1 - U_j), U_2j+1 = U_j+1^2 - Q U_j^2, U_m+1 = U_m - Q U_m-1. */
int
mpz_lucas_mod (mpz_t V, mpz_t Qk, long Q, mp_bitcnt_t b0, const mpz_t n)
{
  mpz_t k, u0, u1, a, b, t;
  mp_bitcnt_t i;
  int res;

  if (mpz_sizeinbase (n, 2) - 2 < b0)
    {
      mpz_set_ui (V, 1);
      mpz_set_si (Qk, Q);
      return 0;
    }
  mpz_inits (k, u0, u1, a, b, t, NULL);
  mpz_tdiv_q_2exp (k, n, b0);
  mpz_set_ui (u0, 1);           /* U_1 */
  mpz_set_ui (u1, 1);           /* U_2 */
  for (i = mpz_sizeinbase (k, 2) - 1; i-- > 0;)
    {
      mpz_mul_2exp (a, u1, 1);
      mpz_sub (a, a, u0);
      mpz_mul (a, a, u0);       /* U_2j */
      mpz_mul (b, u1, u1);
      mpz_mul (t, u0, u0);
      mpz_mul_si (t, t, Q);
      mpz_sub (b, b, t);        /* U_2j+1 */
      if (mpz_tstbit (k, i))
        {
          mpz_mul_si (a, a, Q);
          mpz_sub (a, b, a);    /* U_2j+2 */
          mpz_mod (u0, b, n);
          mpz_mod (u1, a, n);
        }
      else
        {
          mpz_mod (u0, a, n);
          mpz_mod (u1, b, n);
        }
    }
  /* u0 = U_k, u1 = U_e; V_e = U_e - 2 Q U_k. */
  mpz_mul_si (t, u0, -2 * Q);
  mpz_add (t, t, u1);
  mpz_mod (V, t, n);
  res = mpz_sgn (u1) == 0 || mpz_sgn (V) == 0;
  if (!res)
    {
      if (b0 > 1)
        {
          mpz_add_ui (k, k, 1);
          mpz_set_si (t, Q);
          mpz_powm (Qk, t, k, n);
        }
      else
        mpz_set (Qk, u1);
    }
  mpz_clears (k, u0, u1, a, b, t, NULL);
  return res;
}

int
main (int argc, char **argv)
{
  hex_random_init ();
  mp_set_memory_functions (t_alloc, t_realloc, t_free);
  testmain (argc, argv);
  if (live_bytes != 0)
    {
      fprintf (stderr, "testutils: %zu bytes left allocated\n", live_bytes);
      abort ();
    }
  return 0;
}

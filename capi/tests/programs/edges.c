/* The short-operand paths of add, sub, mul, gcd, division, powm and decimal strings at
 * their edges: every pair of a list of values (0, ±1, ±(2^64 - 1), ±2^64, all-ones and
 * striped values of 1 to 18 limbs, neighbours that differ only in their low limbs, both
 * signs) through each function, with the output distinct from the inputs, equal to either,
 * and all three the same variable, into fresh and into reused outputs; powers of every value
 * modulo one-limb moduli; every value to a decimal string and back, and strings at the edges
 * of one limb. Built once against libcarry and once against GMP (capi/tests/programs/run.sh);
 * prints one hash of the results per function and first operand, so the two outputs must be
 * identical.
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */
#include <gmp.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 300

static mpz_t v[MAXV];
static int nv;
static unsigned long long hash;

static void
mix (const mpz_t x)
{
  char buf[2000];
  size_t i;
  mpz_get_str (buf, 16, x);
  for (i = 0; buf[i]; i++)
    hash = (hash ^ (unsigned char) buf[i]) * 0x100000001b3ull;
  hash = (hash ^ '|') * 0x100000001b3ull;
}

static void
add_value (const mpz_t x)
{
  mpz_init_set (v[nv++], x);
  mpz_init (v[nv]);
  mpz_neg (v[nv++], x);
}

/* 2^(64 k) - 1, striped limbs, and values near the powers of 2^64. */
static void
values (void)
{
  mpz_t x, y;
  int k;
  mpz_inits (x, y, NULL);
  mpz_init (v[nv++]);
  for (k = 1; k <= 3; k++)
    {
      mpz_set_ui (x, k);
      add_value (x);
    }
  mpz_set_ui (x, 0x8000000000000000ul);
  add_value (x);
  for (k = 1; k <= 18; k++)
    {
      mpz_set_ui (x, 1);
      mpz_mul_2exp (x, x, 64 * k);
      mpz_sub_ui (y, x, 1); /* all ones */
      add_value (y);
      if (k <= 9 || k >= 15)
        {
          add_value (x); /* 2^(64 k) */
          mpz_add_ui (y, x, 1);
          add_value (y);
          mpz_sub_ui (y, x, 2);
          add_value (y); /* all ones but the lowest bit */
        }
    }
  for (k = 1; k <= 18; k++)
    {
      /* striped: 0xff00ff00... with a varying top limb */
      int i;
      mpz_set_ui (x, 0);
      for (i = 0; i < k; i++)
        {
          mpz_mul_2exp (x, x, 64);
          mpz_add_ui (x, x, i == 0 ? 0xf0f0f0f0f0f0f0f0ul + k : 0xff00ff00ff00ff00ul >> (i % 8));
        }
      add_value (x);
      /* neighbours: same high limbs, different low limb */
      mpz_add_ui (y, x, 0x1234567);
      add_value (y);
      if (k > 1)
        {
          mpz_set_ui (y, 1);
          mpz_mul_2exp (y, y, 64 * (k - 1));
          mpz_sub (y, x, y);
          add_value (y); /* top limb one less */
        }
    }
  mpz_clears (x, y, NULL);
}

typedef void (*binop) (mpz_ptr, mpz_srcptr, mpz_srcptr);

/* r = a op b with every aliasing of the output. */
static void
check_binop (binop f, int i, int j, mpz_t reused)
{
  mpz_t r;
  mpz_init (r);
  f (r, v[i], v[j]);
  mix (r);
  f (reused, v[i], v[j]);
  mix (reused);
  mpz_set (r, v[i]);
  f (r, r, v[j]);
  mix (r);
  mpz_clear (r);
  mpz_init_set (r, v[j]);
  f (r, v[i], r);
  mix (r);
  if (i == j)
    {
      mpz_set (r, v[i]);
      f (r, r, r);
      mix (r);
    }
  mpz_clear (r);
}

typedef void (*qrop) (mpz_ptr, mpz_ptr, mpz_srcptr, mpz_srcptr);

static void
check_qrop (qrop f, int i, int j, mpz_t q1, mpz_t r1)
{
  mpz_t q, r;
  mpz_inits (q, r, NULL);
  f (q, r, v[i], v[j]);
  mix (q), mix (r);
  f (q1, r1, v[i], v[j]);
  mix (q1), mix (r1);
  mpz_set (q, v[i]);
  mpz_set (r, v[j]);
  f (q, r, q, r);
  mix (q), mix (r);
  mpz_set (q, v[j]);
  mpz_set (r, v[i]);
  f (q, r, r, q);
  mix (q), mix (r);
  mpz_clears (q, r, NULL);
}

typedef void (*divop) (mpz_ptr, mpz_srcptr, mpz_srcptr);

int
main (void)
{
  static const struct
  {
    const char *name;
    binop f;
  } binops[] = {
    { "add", mpz_add }, { "sub", mpz_sub }, { "mul", mpz_mul }, { "gcd", mpz_gcd },
    { "tdiv_q", mpz_tdiv_q }, { "tdiv_r", mpz_tdiv_r }, { "fdiv_q", mpz_fdiv_q },
    { "fdiv_r", mpz_fdiv_r }, { "cdiv_q", mpz_cdiv_q }, { "cdiv_r", mpz_cdiv_r },
    { "mod", mpz_mod },
  };
  static const struct
  {
    const char *name;
    qrop f;
  } qrops[] = {
    { "tdiv_qr", mpz_tdiv_qr }, { "fdiv_qr", mpz_fdiv_qr }, { "cdiv_qr", mpz_cdiv_qr },
  };
  mpz_t reused, q1, r1;
  size_t k;
  int i, j;

  values ();
  printf ("%d values\n", nv);
  mpz_inits (reused, q1, r1, NULL);
  for (k = 0; k < sizeof binops / sizeof binops[0]; k++)
    for (i = 0; i < nv; i++)
      {
        int div = k >= 4;
        hash = 0xcbf29ce484222325ull;
        for (j = 0; j < nv; j++)
          if (!div || mpz_sgn (v[j]) != 0)
            check_binop (binops[k].f, i, j, reused);
        printf ("%-8s %3d %016llx\n", binops[k].name, i, hash);
      }
  for (k = 0; k < sizeof qrops / sizeof qrops[0]; k++)
    for (i = 0; i < nv; i++)
      {
        hash = 0xcbf29ce484222325ull;
        for (j = 0; j < nv; j++)
          if (mpz_sgn (v[j]) != 0)
            check_qrop (qrops[k].f, i, j, q1, r1);
        printf ("%-8s %3d %016llx\n", qrops[k].name, i, hash);
      }
  /* Powers modulo odd one-limb moduli (and a few others) of every value. */
  {
    static const char *mods[] = {
      "3", "5", "7", "0xffffffffffffffff", "0xffffffffffffffc5", "0x8000000000000001",
      "0xfffffffffffffffd", "0x123456789abcdef1", "1", "-0xffffffffffffffc5", "0x10000000000000001",
    };
    static const char *exps[] = {
      "0", "1", "2", "3", "15", "16", "17", "0xffffffffffffffff", "0x10000000000000000",
      "0x123456789abcdef0fedcba9876543210",
    };
    mpz_t m, e;
    size_t x, y;
    mpz_inits (m, e, NULL);
    for (i = 0; i < nv; i++)
      {
        hash = 0xcbf29ce484222325ull;
        for (x = 0; x < sizeof mods / sizeof mods[0]; x++)
          for (y = 0; y < sizeof exps / sizeof exps[0]; y++)
            {
              mpz_set_str (m, mods[x], 0);
              mpz_set_str (e, exps[y], 0);
              mpz_powm (reused, v[i], e, m);
              mix (reused);
              mpz_set (q1, v[i]);
              mpz_powm (q1, q1, e, m);
              mix (q1);
            }
        printf ("powm     %3d %016llx\n", i, hash);
      }
    mpz_clears (m, e, NULL);
  }
  /* Decimal strings both ways: every value, and strings at the edges of one limb. */
  {
    static const char *strs[] = {
      "0", "-0", "00000000000000000000", "7", "-7", "9999999999999999999",
      "10000000000000000000", "18446744073709551615", "-18446744073709551615",
      "18446744073709551616", "99999999999999999999", "000000000000000000001",
      "0018446744073709551615", " 18446744073709551615", "1844674407370955161 5", "1x", "",
      "-", "-00000000000000000001",
    };
    char buf[2000], *str;
    void (*f) (void *, size_t);
    mp_get_memory_functions (NULL, NULL, &f);
    for (i = 0; i < nv; i++)
      {
        str = mpz_get_str (NULL, 10, v[i]);
        mpz_get_str (buf, -10, v[i]);
        printf ("get_str  %3d %s %d\n", i, str, strcmp (str, buf));
        printf ("set_str  %3d %d ", i, mpz_set_str (reused, str, 10));
        mpz_sub (q1, reused, v[i]);
        printf ("%d\n", mpz_sgn (q1));
        f (str, strlen (str) + 1);
      }
    for (k = 0; k < sizeof strs / sizeof strs[0]; k++)
      {
        mpz_set_ui (reused, 5);
        i = mpz_set_str (reused, strs[k], 10);
        str = mpz_get_str (NULL, 10, reused);
        printf ("set_str  \"%s\" %d %s\n", strs[k], i, i == 0 ? str : "-");
        f (str, strlen (str) + 1);
        i = mpz_set_str (reused, strs[k], 0);
        printf ("set_str0 \"%s\" %d\n", strs[k], i);
      }
  }
  for (i = 0; i < nv; i++)
    mpz_clear (v[i]);
  mpz_clears (reused, q1, r1, NULL);
  return 0;
}

/* Exercises every function group of <gmp.h> that libcarry provides and prints the results:
 * built once against libcarry and once against GMP, the two outputs must be identical
 * (capi/tests/programs/run.sh).
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */
#include <gmp.h>
#ifdef CARRY_GMP_H
#include <carry.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
show (const char *label, const mpz_t x)
{
  gmp_printf ("%-12s %Zd\n", label, x);
}

static void
free_str (char *s)
{
  void (*f) (void *, size_t);
  mp_get_memory_functions (NULL, NULL, &f);
  f (s, strlen (s) + 1);
}

int
main (void)
{
  mpz_t a, b, c, d, r, s, t;
  mpq_t p, q, u;
  mp_limb_t xp[8], yp[8], zp[16];
  unsigned char digits[200];
  char buf[400], *str;
  size_t n;
  int i, base;
  long si;

  mpz_inits (a, b, c, d, r, s, t, NULL);
  mpq_inits (p, q, u, NULL);

  /* Assignment and strings. */
  mpz_set_str (a, "-123456789012345678901234567890123456789", 10);
  mpz_set_str (b, "0x1fffffffffffffffffffffffffff", 0);
  mpz_set_str (c, "  7 7 7  ", 8);
  mpz_init_set_str (d, "zZ9", 62);
  show ("a", a); show ("b", b); show ("c", c); show ("d", d);
  for (base = -36; base <= 62; base++)
    if (base < -1 || base > 1)
      {
        str = mpz_get_str (NULL, base, a);
        printf ("base %3d %s\n", base, str);
        free_str (str);
      }
  mpz_get_str (buf, 16, b);
  printf ("buf %s\n", buf);
  printf ("set_str bad %d %d\n", mpz_set_str (r, "12a", 10), mpz_set_str (r, "", 10));
  /* Long strings: white space and bad bytes inside and after blocks of digits. */
  {
    static const char *longs[] = {
      "123456789012345678901234567890123456789012345678901234567890123456789",
      "1234567890123456789012345678901 23456789012345678901234567890123 456789",
      "12345678901234567890123456789012345678901234567890\t123456789012345678\n",
      "123456789012345678901234567890123456789012345678x01234567890123456789",
      "1234567890123456789012345678901234567890123456789012345678901234567:",
      "-0000000000000000000000000000000000000000000000000000000000000000000012",
    };
    static const int bases[] = { 10, 8, 16, 36, 62 };
    size_t k, l;
    for (k = 0; k < sizeof longs / sizeof longs[0]; k++)
      for (l = 0; l < sizeof bases / sizeof bases[0]; l++)
        {
          int ret = mpz_set_str (r, longs[k], bases[l]);
          printf ("long %zu base %d: %d\n", k, bases[l], ret);
          if (ret == 0)
            show ("", r);
        }
  }
  mpz_set_si (r, -5); show ("set_si", r);
  mpz_set_ui (r, 5); show ("set_ui", r);
  mpz_set_d (r, -1.5e30); show ("set_d", r);
  printf ("get_d %.17g %.17g\n", mpz_get_d (a), mpz_get_d (b));
  printf ("get_si %ld get_ui %lu\n", mpz_get_si (a), mpz_get_ui (a));
  printf ("fits %d%d%d%d%d%d\n", mpz_fits_slong_p (c), mpz_fits_ulong_p (a), mpz_fits_sint_p (c),
          mpz_fits_uint_p (b), mpz_fits_sshort_p (c), mpz_fits_ushort_p (c));
  printf ("size %zu limb %lu sgn %d\n", mpz_size (a), (unsigned long) mpz_getlimbn (a, 1), mpz_sgn (a));

  /* Comparison. */
  printf ("cmp %d %d %d %d %d %d %d\n", mpz_cmp (a, b), mpz_cmpabs (a, b), mpz_cmp_ui (c, 511),
          mpz_cmp_si (a, -1), mpz_cmpabs_ui (c, 512), mpz_cmp_d (b, 1e30), mpz_cmpabs_d (a, 1e38));

  /* Arithmetic. */
  mpz_add (r, a, b); show ("add", r);
  mpz_sub (r, a, b); show ("sub", r);
  mpz_add_ui (r, a, 7); show ("add_ui", r);
  mpz_sub_ui (r, c, 1000); show ("sub_ui", r);
  mpz_ui_sub (r, 3, a); show ("ui_sub", r);
  mpz_mul (r, a, b); show ("mul", r);
  mpz_mul (r, a, a); show ("sqr", r);
  mpz_mul_ui (r, a, 1000000007); show ("mul_ui", r);
  mpz_mul_si (r, a, -3); show ("mul_si", r);
  mpz_mul_2exp (r, a, 100); show ("mul_2exp", r);
  mpz_set (r, b); mpz_addmul (r, a, c); show ("addmul", r);
  mpz_submul (r, a, c); show ("submul", r);
  mpz_addmul_ui (r, a, 99); show ("addmul_ui", r);
  mpz_submul_ui (r, b, 99); show ("submul_ui", r);
  mpz_neg (r, a); show ("neg", r);
  mpz_abs (r, a); show ("abs", r);
  mpz_pow_ui (r, c, 20); show ("pow_ui", r);
  mpz_ui_pow_ui (r, 3, 100); show ("ui_pow_ui", r);

  /* Division, every rounding. */
  {
    void (*qr[]) (mpz_ptr, mpz_ptr, mpz_srcptr, mpz_srcptr) = { mpz_cdiv_qr, mpz_fdiv_qr, mpz_tdiv_qr };
    unsigned long (*qrui[]) (mpz_ptr, mpz_ptr, mpz_srcptr, unsigned long)
      = { mpz_cdiv_qr_ui, mpz_fdiv_qr_ui, mpz_tdiv_qr_ui };
    void (*q2[]) (mpz_ptr, mpz_srcptr, mp_bitcnt_t) = { mpz_cdiv_q_2exp, mpz_fdiv_q_2exp, mpz_tdiv_q_2exp };
    void (*r2[]) (mpz_ptr, mpz_srcptr, mp_bitcnt_t) = { mpz_cdiv_r_2exp, mpz_fdiv_r_2exp, mpz_tdiv_r_2exp };
    for (i = 0; i < 3; i++)
      {
        unsigned long rem;
        qr[i] (r, s, a, c); gmp_printf ("qr%d %Zd %Zd\n", i, r, s);
        mpz_neg (t, c);
        qr[i] (r, s, b, t); gmp_printf ("qr%d %Zd %Zd\n", i, r, s);
        rem = qrui[i] (r, s, a, 1000); gmp_printf ("qrui%d %Zd %Zd %lu\n", i, r, s, rem);
        q2[i] (r, a, 70); r2[i] (s, a, 70); gmp_printf ("2exp%d %Zd %Zd\n", i, r, s);
      }
    gmp_printf ("q %lu %lu %lu\n", mpz_cdiv_q_ui (r, a, 7), mpz_fdiv_q_ui (s, a, 7), mpz_tdiv_q_ui (t, a, 7));
    gmp_printf ("r %lu %lu %lu\n", mpz_cdiv_r_ui (r, a, 7), mpz_fdiv_r_ui (s, a, 7), mpz_tdiv_r_ui (t, a, 7));
    gmp_printf ("ui %lu %lu %lu\n", mpz_cdiv_ui (a, 7), mpz_fdiv_ui (a, 7), mpz_tdiv_ui (a, 7));
    mpz_cdiv_q (r, a, b); mpz_fdiv_q (s, a, b); mpz_tdiv_q (t, a, b); gmp_printf ("q %Zd %Zd %Zd\n", r, s, t);
    mpz_cdiv_r (r, a, b); mpz_fdiv_r (s, a, b); mpz_tdiv_r (t, a, b); gmp_printf ("r %Zd %Zd %Zd\n", r, s, t);
    mpz_mod (r, a, b); show ("mod", r);
    printf ("mod_ui %lu\n", mpz_mod_ui (r, a, 1000));
    mpz_mul (r, a, b); mpz_divexact (s, r, b); show ("divexact", s);
    mpz_mul_ui (r, a, 77); mpz_divexact_ui (s, r, 77); show ("divexact_ui", s);
    printf ("divisible %d %d %d\n", mpz_divisible_p (r, a), mpz_divisible_ui_p (r, 11), mpz_divisible_ui_p (r, 13));
    mpz_add (s, r, b); printf ("congruent %d %d\n", mpz_congruent_p (s, r, b), mpz_congruent_p (s, r, c));
  }

  /* Number theory. */
  mpz_mul (r, a, c); mpz_mul (s, b, c);
  mpz_gcd (t, r, s); show ("gcd", t);
  printf ("gcd_ui %lu\n", mpz_gcd_ui (t, a, 1234567890));
  mpz_gcdext (t, r, s, a, b); gmp_printf ("gcdext %Zd %Zd %Zd\n", t, r, s);
  mpz_lcm (t, a, c); show ("lcm", t);
  mpz_lcm_ui (t, a, 360); show ("lcm_ui", t);
  printf ("invert %d ", mpz_invert (t, a, b)); show ("", t);
  mpz_set_ui (d, 1000003);
  mpz_powm (t, a, b, d); show ("powm", t);
  mpz_powm_ui (t, a, 65537, b); show ("powm_ui", t);
  mpz_neg (s, c); mpz_powm (t, a, s, d); show ("powm neg", t);
  /* A modulus of more than 256 limbs (powm by products and divisions). */
  mpz_ui_pow_ui (d, 3, 11000); mpz_add_ui (d, d, 2);
  mpz_ui_pow_ui (s, 5, 150); mpz_sub_ui (s, s, 1);
  mpz_powm (t, a, s, d); mpz_out_str (stdout, 36, t); printf ("\n");
  /* Divisions and products whose scratch is longer than the stack's (a buffer kept from one
     call to the next): the sizes go up and down. */
  {
    static const unsigned long e[] = { 9000, 3000, 20000, 6000, 40000 };
    size_t k;
    for (k = 0; k < sizeof e / sizeof e[0]; k++)
      {
        mpz_ui_pow_ui (r, 7, 2 * e[k]); mpz_add_ui (r, r, 12345);
        mpz_ui_pow_ui (d, 3, e[k]); mpz_sub_ui (d, d, 7);
        mpz_tdiv_qr (t, s, r, d);
        printf ("big tdiv_qr %lu %lu %lu\n", (unsigned long) mpz_sizeinbase (t, 2),
                mpz_fdiv_ui (t, 1000000007), mpz_fdiv_ui (s, 1000000007));
        mpz_mul (t, r, d);
        printf ("big mul %lu\n", mpz_fdiv_ui (t, 1000000007));
      }
  }
  /* carry.h: the constant-time power (GMP's mpz_powm_sec on the GMP side) and BLIP, whose
     round trip must give the value back (printed directly on the GMP side). */
  mpz_ui_pow_ui (d, 3, 300); mpz_add_ui (d, d, 2);
  mpz_ui_pow_ui (s, 7, 123);
#ifdef CARRY_GMP_H
  carry_mpz_powm_sec (t, a, s, d);
#else
  mpz_powm_sec (t, a, s, d);
#endif
  show ("powm_sec", t);
#ifdef CARRY_GMP_H
  {
    size_t len, used;
    unsigned char *w = carry_mpz_to_blip (&len, a);
    void (*f) (void *, size_t);
    int rc = carry_mpz_from_blip (t, w, len, &used);
    printf ("blip %d %d ", rc, used == len);
    show ("", t);
    printf ("blip truncated %d\n", carry_mpz_from_blip (t, w, len - 1, &used));
    {
      /* A header announcing 2^34 + 2 payload bytes: refused before reading on. */
      static const unsigned char huge[] = { 0xa2, 0x80, 0x80, 0x80, 0x80, 0x02 };
      printf ("blip too large %d %d\n", carry_mpz_from_blip (t, huge, sizeof huge, &used),
              CARRY_BLIP_TOO_LARGE);
    }
    mp_get_memory_functions (NULL, NULL, &f);
    f (w, len);
  }
#else
  printf ("blip 0 1 "); show ("", a);
  printf ("blip truncated -1\n");
  printf ("blip too large -8 -8\n");
#endif
  mpz_abs (s, a); mpz_sqrt (t, s); show ("sqrt", t);
  mpz_sqrtrem (t, r, s); gmp_printf ("sqrtrem %Zd %Zd\n", t, r);
  mpz_mul (r, t, t); printf ("square_p %d %d\n", mpz_perfect_square_p (r), mpz_perfect_square_p (s));
  printf ("root %d ", mpz_root (t, a, 3)); show ("", t);
  mpz_rootrem (t, r, a, 5); gmp_printf ("rootrem %Zd %Zd\n", t, r);
  mpz_fac_ui (t, 30); show ("fac", t);
  mpz_2fac_ui (t, 31); show ("2fac", t);
  mpz_mfac_uiui (t, 40, 3); show ("mfac", t);
  mpz_bin_uiui (t, 100, 37); show ("bin", t);
  for (i = 0; i < 6; i++)
    {
      static const char *const nums[] = { "97", "561", "1000003", "2305843009213693951",
                                          "170141183460469231731687303715884105727",
                                          "170141183460469231731687303715884105729" };
      mpz_set_str (t, nums[i], 10);
      printf ("prime %s %d\n", nums[i], mpz_probab_prime_p (t, 25));
    }

  /* Bits. */
  mpz_and (t, a, b); show ("and", t);
  mpz_ior (t, a, b); show ("ior", t);
  mpz_xor (t, a, b); show ("xor", t);
  mpz_com (t, a); show ("com", t);
  mpz_set (t, a); mpz_setbit (t, 200); mpz_clrbit (t, 3); mpz_combit (t, 4); show ("bits", t);
  printf ("tstbit %d %d popcount %lu hamdist %lu scan %lu %lu %lu\n", mpz_tstbit (a, 0), mpz_tstbit (a, 500),
          (unsigned long) mpz_popcount (b), (unsigned long) mpz_hamdist (b, c),
          (unsigned long) mpz_scan0 (a, 0), (unsigned long) mpz_scan1 (a, 10), (unsigned long) mpz_scan1 (b, 200));

  /* Words and limbs. */
  {
    unsigned char bytes[64];
    mpz_export (bytes, &n, 1, 3, 1, 0, a);
    printf ("export %zu:", n);
    for (i = 0; i < (int) (3 * n); i++)
      printf (" %02x", bytes[i]);
    printf ("\n");
    mpz_import (t, n, -1, 3, -1, 0, bytes); show ("import", t);
    mpz_set (t, b);
    {
      mp_limb_t *w = mpz_limbs_modify (t, 3);
      w[2] = 5;
      mpz_limbs_finish (t, -3);
    }
    show ("limbs", t);
    {
      mpz_t ro;
      const mp_limb_t lw[2] = { 3, 4 };
      gmp_printf ("roinit %Zd\n", mpz_roinit_n (ro, lw, -2));
    }
  }

  /* mpn. */
  for (i = 0; i < 8; i++)
    {
      xp[i] = 0x0123456789abcdefUL * (i + 3);
      yp[i] = 0xfedcba9876543210UL ^ (i * 0x1111);
    }
  printf ("mpn add %lu sub %lu mul %lu", (unsigned long) mpn_add_n (zp, xp, yp, 8),
          (unsigned long) mpn_sub_n (zp + 8, xp, yp, 8), (unsigned long) mpn_mul (zp, xp, 8, yp, 5));
  printf (" z %lx %lx", (unsigned long) zp[0], (unsigned long) zp[12]);
  printf (" mul_1 %lx addmul %lx submul %lx", (unsigned long) mpn_mul_1 (zp, xp, 8, 77),
          (unsigned long) mpn_addmul_1 (zp, yp, 8, 99), (unsigned long) mpn_submul_1 (zp, xp, 8, 5));
  printf (" lshift %lx rshift %lx cmp %d pop %lu scan %lu %lu\n", (unsigned long) mpn_lshift (zp, xp, 8, 7),
          (unsigned long) mpn_rshift (zp, xp, 8, 9), mpn_cmp (xp, yp, 8),
          (unsigned long) mpn_popcount (xp, 8), (unsigned long) mpn_scan1 (xp, 5), (unsigned long) mpn_scan0 (xp, 0));
  mpn_sqr (zp, xp, 8); printf ("mpn sqr %lx square_p %d", (unsigned long) zp[9], mpn_perfect_square_p (zp, 16));
  n = mpn_sqrtrem (zp, zp + 8, xp, 8); printf (" sqrtrem %zu %lx", n, (unsigned long) zp[3]);
  memcpy (zp, xp, sizeof xp);
  n = mpn_get_str (digits, 10, zp, 8); printf (" get_str %zu %d%d%d", n, digits[0], digits[1], digits[2]);
  n = (size_t) mpn_set_str (zp, digits, n, 10);
  printf (" set_str %zu %lx\n", n, (unsigned long) zp[7]);

  /* Rationals. */
  mpq_set_str (p, "-355/113", 10);
  mpq_set_si (q, 22, 7);
  mpq_set_ui (u, 6, 4); mpq_canonicalize (u);
  gmp_printf ("mpq %Qd %Qd %Qd\n", p, q, u);
  mpq_add (u, p, q); gmp_printf ("add %Qd\n", u);
  mpq_sub (u, p, q); gmp_printf ("sub %Qd\n", u);
  mpq_mul (u, p, q); gmp_printf ("mul %Qd\n", u);
  mpq_div (u, p, q); gmp_printf ("div %Qd\n", u);
  mpq_inv (u, p); gmp_printf ("inv %Qd\n", u);
  mpq_neg (u, p); mpq_abs (u, u); gmp_printf ("abs %Qd\n", u);
  mpq_mul_2exp (u, p, 5); gmp_printf ("mul_2exp %Qd\n", u);
  mpq_div_2exp (u, q, 3); gmp_printf ("div_2exp %Qd\n", u);
  printf ("cmp %d %d %d %d equal %d sgn %d\n", mpq_cmp (p, q), mpq_cmp_si (p, -3, 1), mpq_cmp_ui (q, 22, 7),
          mpq_cmp_z (q, c), mpq_equal (p, p), mpq_sgn (p));
  printf ("get_d %.17g\n", mpq_get_d (p));
  mpq_set_d (u, 0.1); gmp_printf ("set_d %Qd\n", u);
  mpq_set_z (u, a); gmp_printf ("set_z %Qd\n", u);
  mpq_get_num (t, p); mpq_get_den (r, p); gmp_printf ("num %Zd den %Zd\n", t, r);
  mpq_set_num (u, b); mpq_set_den (u, c); mpq_canonicalize (u); gmp_printf ("set_num %Qd\n", u);
  mpz_set_q (t, p); show ("set_q", t);
  str = mpq_get_str (NULL, 36, p); printf ("get_str %s\n", str); free_str (str);
  mpq_swap (p, q); gmp_printf ("swap %Qd %Qd\n", p, q);
  mpz_swap (a, b); gmp_printf ("swap %Zd %Zd\n", a, b);

  /* Formatted output and streams. */
  si = -42;
  gmp_printf ("[%10Zd] [%-10Zd] [%+Zd] [%#Zx] [%ZX] [%Zo] [%.50Zd] [%5ld] [%s] [%c] [%.3f]\n", c, c, c, b, b, c, c, si,
              "str", 'x', 2.5);
  mpz_out_str (stdout, -16, a); printf ("\n");
  mpq_out_str (stdout, 10, q); printf ("\n");

  mpz_clears (a, b, c, d, r, s, t, NULL);
  mpq_clears (p, q, u, NULL);
  return 0;
}

/* The part of libcarry written in C: functions with a variable argument list or a FILE *,
 * which stable Rust cannot define. Everything else is in the Rust sources beside this file.
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */
#include <carry/gmp.h>

/* Defined here under internal names; the library exports them under GMP's names from
   src/stdio.rs (a call for the fixed-argument ones, a jump for the variadic ones). */
#define HIDDEN __attribute__ ((visibility ("hidden")))

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

HIDDEN void
carry_c_mpz_inits (mpz_ptr x, ...)
{
  va_list ap;
  va_start (ap, x);
  for (; x != NULL; x = va_arg (ap, mpz_ptr))
    mpz_init (x);
  va_end (ap);
}

HIDDEN void
carry_c_mpz_clears (mpz_ptr x, ...)
{
  va_list ap;
  va_start (ap, x);
  for (; x != NULL; x = va_arg (ap, mpz_ptr))
    mpz_clear (x);
  va_end (ap);
}

HIDDEN void
carry_c_mpq_inits (mpq_ptr x, ...)
{
  va_list ap;
  va_start (ap, x);
  for (; x != NULL; x = va_arg (ap, mpq_ptr))
    mpq_init (x);
  va_end (ap);
}

HIDDEN void
carry_c_mpq_clears (mpq_ptr x, ...)
{
  va_list ap;
  va_start (ap, x);
  for (; x != NULL; x = va_arg (ap, mpq_ptr))
    mpq_clear (x);
  va_end (ap);
}

/* Frees a string from mpz_get_str (NULL, ...) or mpq_get_str (NULL, ...). */
static void
free_str (char *s)
{
  void (*freefunc) (void *, size_t);
  mp_get_memory_functions (NULL, NULL, &freefunc);
  freefunc (s, strlen (s) + 1);
}

/* Writes s to f; returns its length, or 0 when writing fails. */
static size_t
put_str (FILE *f, char *s)
{
  size_t n;
  if (s == NULL)
    return 0;
  n = strlen (s);
  if (fwrite (s, 1, n, f) != n)
    n = 0;
  free_str (s);
  return n;
}

HIDDEN size_t
carry_c_mpz_out_str (FILE *f, int base, const mpz_t x)
{
  return put_str (f ? f : stdout, mpz_get_str (NULL, base, x));
}

HIDDEN size_t
carry_c_mpq_out_str (FILE *f, int base, const mpq_t x)
{
  return put_str (f ? f : stdout, mpq_get_str (NULL, base, x));
}

/* Reads white space, then an optional '-' and the longest run of letters and digits, and
   parses it as mpz_set_str does; returns the bytes read, or 0 on error. */
HIDDEN size_t
carry_c_mpz_inp_str (mpz_ptr x, FILE *f, int base)
{
  void *(*allocfunc) (size_t);
  void *(*reallocfunc) (void *, size_t, size_t);
  void (*freefunc) (void *, size_t);
  size_t nread = 0, len = 0, cap = 64;
  char *buf;
  int c, ok;

  if (f == NULL)
    f = stdin;
  do
    {
      c = getc (f);
      nread++;
    }
  while (c != EOF && isspace (c));
  mp_get_memory_functions (&allocfunc, &reallocfunc, &freefunc);
  buf = allocfunc (cap);
  if (c == '-')
    {
      buf[len++] = '-';
      c = getc (f);
      nread++;
    }
  while (c != EOF && isalnum (c))
    {
      if (len + 1 >= cap)
        {
          buf = reallocfunc (buf, cap, 2 * cap);
          cap *= 2;
        }
      buf[len++] = (char) c;
      c = getc (f);
      nread++;
    }
  if (c != EOF)
    ungetc (c, f);
  nread--;
  buf[len] = '\0';
  ok = len > 0 && mpz_set_str (x, buf, base) == 0;
  freefunc (buf, cap);
  return ok ? nread : 0;
}

/* Formats an mpz or mpq conversion: digits from s (after an optional '-'), with printf's
   flags, minimum digit count and width. Returns the characters written or -1. */
static int
put_number (FILE *f, const char *s, char conv, const char *flags, int width, int prec)
{
  int neg = s[0] == '-';
  const char *digits = s + neg;
  size_t nd = strlen (digits);
  const char *sign = neg ? "-" : strchr (flags, '+') ? "+" : strchr (flags, ' ') ? " " : "";
  const char *prefix = "";
  int zeros = 0, pad, total, i;
  int left = strchr (flags, '-') != NULL;

  if (strchr (flags, '#') && strcmp (digits, "0") != 0)
    prefix = conv == 'x' ? "0x" : conv == 'X' ? "0X" : conv == 'o' ? "0" : "";
  if (prec >= 0 && (size_t) prec > nd)
    zeros = prec - (int) nd;
  total = (int) (strlen (sign) + strlen (prefix) + zeros + nd);
  pad = width > total ? width - total : 0;
  if (!left && strchr (flags, '0') && prec < 0)
    {
      zeros += pad;
      pad = 0;
    }
  if (!left)
    for (i = 0; i < pad; i++)
      putc (' ', f);
  fputs (sign, f);
  fputs (prefix, f);
  for (i = 0; i < zeros; i++)
    putc ('0', f);
  fputs (digits, f);
  if (left)
    for (i = 0; i < pad; i++)
      putc (' ', f);
  return ferror (f) ? -1 : total + pad;
}

static int
vformat (FILE *f, const char *fmt, va_list ap)
{
  int count = 0;
  const char *p = fmt;

  while (*p)
    {
      char spec[64], flags[8], len[3] = "", conv;
      size_t sn = 0, fn = 0;
      int width = -1, prec = -1, n = 0;
      const char *start;

      if (*p != '%')
        {
          putc (*p++, f);
          count++;
          continue;
        }
      start = p++;
      if (*p == '%')
        {
          putc ('%', f);
          count++;
          p++;
          continue;
        }
      while (*p && strchr ("-+ #0'", *p))
        {
          if (fn < sizeof flags - 1)
            flags[fn++] = *p;
          p++;
        }
      flags[fn] = '\0';
      if (*p == '*')
        {
          width = va_arg (ap, int);
          if (width < 0)
            {
              width = -width;
              if (fn < sizeof flags - 1)
                flags[fn++] = '-', flags[fn] = '\0';
            }
          p++;
        }
      else if (isdigit ((unsigned char) *p))
        width = (int) strtol (p, (char **) &p, 10);
      if (*p == '.')
        {
          p++;
          if (*p == '*')
            {
              prec = va_arg (ap, int);
              p++;
            }
          else
            prec = (int) strtol (p, (char **) &p, 10);
          if (prec < 0)
            prec = -1;
        }
      while (*p && strchr ("hlLqjztZQN", *p) && strlen (len) < 2)
        {
          len[strlen (len) + 1] = '\0';
          len[strlen (len)] = *p++;
        }
      conv = *p ? *p++ : '\0';
      (void) start;

      if (len[0] == 'Z' || len[0] == 'Q')
        {
          int base = conv == 'x' ? 16 : conv == 'X' ? -16 : conv == 'o' ? 8 : 10;
          char *s = len[0] == 'Z' ? mpz_get_str (NULL, base, va_arg (ap, mpz_srcptr))
                                  : mpq_get_str (NULL, base, va_arg (ap, mpq_srcptr));
          n = put_number (f, s, conv, flags, width, prec);
          free_str (s);
          if (n < 0)
            return -1;
          count += n;
          continue;
        }

      /* A standard conversion: rebuild it with the width and precision resolved. */
      spec[sn++] = '%';
      memcpy (spec + sn, flags, fn);
      sn += fn;
      if (width >= 0)
        sn += (size_t) snprintf (spec + sn, sizeof spec - sn, "%d", width);
      if (prec >= 0)
        sn += (size_t) snprintf (spec + sn, sizeof spec - sn, ".%d", prec);
      memcpy (spec + sn, len, strlen (len));
      sn += strlen (len);
      spec[sn++] = conv;
      spec[sn] = '\0';

      switch (conv)
        {
        case 'd': case 'i':
          if (!strcmp (len, "l")) n = fprintf (f, spec, va_arg (ap, long));
          else if (!strcmp (len, "ll") || !strcmp (len, "q")) n = fprintf (f, spec, va_arg (ap, long long));
          else if (!strcmp (len, "j")) n = fprintf (f, spec, va_arg (ap, intmax_t));
          else if (!strcmp (len, "z")) n = fprintf (f, spec, va_arg (ap, size_t));
          else if (!strcmp (len, "t")) n = fprintf (f, spec, va_arg (ap, ptrdiff_t));
          else n = fprintf (f, spec, va_arg (ap, int));
          break;
        case 'u': case 'o': case 'x': case 'X':
          if (!strcmp (len, "l")) n = fprintf (f, spec, va_arg (ap, unsigned long));
          else if (!strcmp (len, "ll") || !strcmp (len, "q")) n = fprintf (f, spec, va_arg (ap, unsigned long long));
          else if (!strcmp (len, "j")) n = fprintf (f, spec, va_arg (ap, uintmax_t));
          else if (!strcmp (len, "z")) n = fprintf (f, spec, va_arg (ap, size_t));
          else if (!strcmp (len, "t")) n = fprintf (f, spec, va_arg (ap, ptrdiff_t));
          else n = fprintf (f, spec, va_arg (ap, unsigned int));
          break;
        case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
          if (!strcmp (len, "L")) n = fprintf (f, spec, va_arg (ap, long double));
          else n = fprintf (f, spec, va_arg (ap, double));
          break;
        case 'c':
          n = fprintf (f, spec, va_arg (ap, int));
          break;
        case 's':
          n = fprintf (f, spec, va_arg (ap, const char *));
          break;
        case 'p':
          n = fprintf (f, spec, va_arg (ap, void *));
          break;
        case 'n':
          *va_arg (ap, int *) = count;
          n = 0;
          break;
        default:
          return -1;
        }
      if (n < 0)
        return -1;
      count += n;
    }
  return ferror (f) ? -1 : count;
}

HIDDEN int
carry_c_gmp_fprintf (FILE *f, const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start (ap, fmt);
  n = vformat (f, fmt, ap);
  va_end (ap);
  return n;
}

HIDDEN int
carry_c_gmp_printf (const char *fmt, ...)
{
  va_list ap;
  int n;
  va_start (ap, fmt);
  n = vformat (stdout, fmt, ap);
  va_end (ap);
  return n;
}

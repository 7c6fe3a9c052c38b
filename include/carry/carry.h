/* carry/carry.h: what libcarry adds for C programs beyond GMP's interface (carry/gmp.h).
 *
 * SPDX-License-Identifier: MIT OR Apache-2.0
 */
#ifndef CARRY_CARRY_H
#define CARRY_CARRY_H

#include <stddef.h>

#include "gmp.h"

#if defined(__cplusplus)
extern "C" {
#endif

/* The library's version, for example "0.1.0" (a static string). */
const char *carry_version (void);

/* r = b^e mod m in time and memory accesses that depend only on the sizes of b, e and m,
   never on their values (for secret exponents: RSA, DH, DSA). As GMP's mpz_powm_sec: m must
   be odd and positive, e not negative; the process aborts with a message otherwise. */
void carry_mpz_powm_sec (mpz_ptr r, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m);

/* BLIP, carry's self-delimiting wire encoding of integers (the carry::blip module). */

/* Error codes of carry_mpz_from_blip. */
#define CARRY_BLIP_TRUNCATED -1          /* the input ends inside the value */
#define CARRY_BLIP_UNNEEDED_VARINT -2    /* a length varint where the short form fits */
#define CARRY_BLIP_NONMINIMAL_VARINT -3  /* a length varint with a redundant byte */
#define CARRY_BLIP_LENGTH_OVERFLOW -4    /* a length that does not fit in memory */
#define CARRY_BLIP_OVERLONG -5           /* a payload longer than the shortest form */
#define CARRY_BLIP_SENTINEL -6           /* a sentinel byte where an integer was expected */
#define CARRY_BLIP_RESERVED -7           /* a reserved header byte */
#define CARRY_BLIP_TOO_LARGE -8          /* a payload longer than carry's largest integer */
#define CARRY_BLIP_OTHER -9              /* any other malformed input */

/* The shortest signed BLIP encoding of x, in a block from the memory functions (release it
   with the free function of mp_get_memory_functions and the length stored in *len). */
unsigned char *carry_mpz_to_blip (size_t *len, mpz_srcptr x);

/* Decodes the signed BLIP integer at the start of buf[0..n) into x. Returns 0 and stores the
   number of bytes it took in *used, or returns a CARRY_BLIP_* code, leaves x unchanged and
   stores the offset of the error in *used. used may be NULL. */
int carry_mpz_from_blip (mpz_ptr x, const unsigned char *buf, size_t n, size_t *used);

#if defined(__cplusplus)
}
#endif

#endif /* CARRY_CARRY_H */

"""The examples in the docstrings run, and every public name has a docstring."""

import doctest

import carry
import carry.fields


def test_docstring_examples():
    for obj in (carry, carry.fields, carry.Int, carry.Rational, carry.Modulus, carry.fields.PrimeField):
        finder = doctest.DocTestFinder(recurse=False)
        runner = doctest.DocTestRunner()
        for t in finder.find(obj, globs={}):
            runner.run(t)
        assert runner.failures == 0, obj


def test_everything_documented():
    names = [getattr(carry, n) for n in carry.__all__] + [carry.fields.PrimeField, carry.fields.PrimeFieldElement]
    names += [getattr(m, c) for m in (carry.fields.bn254, carry.fields.bls12_381, carry.fields.secp256k1, carry.fields.p256, carry.fields.curve25519) for c in m.__all__]
    for obj in names:
        assert obj.__doc__, obj

#!/usr/bin/env python3
"""Writes .npy files with NumPy itself, for the Swift reader and writer tests (Tests/Fixtures/npy)."""
import os

import numpy as np

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures", "npy")
os.makedirs(OUT, exist_ok=True)
matrix = np.array([[0.0, 1.5, -2.25], [1e-300, np.pi, 6.02e23]])
np.save(os.path.join(OUT, "matrix-f8.npy"), matrix)
np.save(os.path.join(OUT, "vector-f8.npy"), np.arange(5, dtype=np.float64) / 3)
np.save(os.path.join(OUT, "matrix-f4.npy"), matrix.astype(np.float32))
np.save(os.path.join(OUT, "empty-f8.npy"), np.zeros((0, 3)))
# Fortran order, as NumPy writes a transposed or column-sliced array (np.asfortranarray), 2-D
# and 3-D; the reader gives the C-order values of the same array.
np.save(os.path.join(OUT, "matrix-f8-fortran.npy"), np.asfortranarray(matrix))
np.save(os.path.join(OUT, "cube-f4-fortran.npy"),
        np.asfortranarray(np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 8))
print("wrote", sorted(os.listdir(OUT)))

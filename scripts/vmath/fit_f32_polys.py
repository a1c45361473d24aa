# Lawson-iterated weighted least squares: minimax relative-error fits of the correction
# polynomials in src/compiler/codegen/vmath/f32math.rs (SIN_F: the pi/2 deg 3 fit; TANH_F:
# 0.625 deg 4; the pi/4 sin/cos fits are what the two-polynomial sin/cos used). Pure Python, ~10 s: python3 scripts/vmath/fit_f32_polys.py
import math, struct, sys

def f32(v): return struct.unpack('f', struct.pack('f', v))[0]

def solve(A, b):
    n = len(b); M = [row[:] + [bb] for row, bb in zip(A, b)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(M[r][c])); M[c], M[p] = M[p], M[c]
        for r in range(n):
            if r != c:
                f = M[r][c] / M[c][c]
                M[r] = [a - f * q for a, q in zip(M[r], M[c])]
    return [M[i][n] / M[i][i] for i in range(n)]

def fit(target, weight, lo, hi, deg, npts=3000, iters=60):
    """P(t) of degree deg minimizing max |weight(t) * (P(t) - target(t))| on [lo, hi]."""
    ts = [lo + (hi - lo) * (1 - math.cos(math.pi * (i + 0.5) / npts)) / 2 for i in range(npts)]
    s = hi  # scale for conditioning
    ys = [target(t) for t in ts]; ws = [weight(t) for t in ts]
    u = [1.0] * npts
    for _ in range(iters):
        A = [[0.0] * (deg + 1) for _ in range(deg + 1)]; b = [0.0] * (deg + 1)
        for t, y, w, uu in zip(ts, ys, ws, u):
            ph = [(t / s) ** k for k in range(deg + 1)]; ww = uu * w * w
            for i in range(deg + 1):
                b[i] += ww * ph[i] * y
                for j in range(deg + 1): A[i][j] += ww * ph[i] * ph[j]
        c = solve(A, b)
        errs = [abs(w * (sum(ck * (t / s) ** k for k, ck in enumerate(c)) - y)) for t, y, w in zip(ts, ys, ws)]
        tot = sum(uu * e for uu, e in zip(u, errs)); u = [uu * e / tot for uu, e in zip(u, errs)]
    return [f32(ck / s ** k) for k, ck in enumerate(c)]

def maxerr(approx, exact, lo, hi, n=200000):
    m = 0.0
    for i in range(n + 1):
        x = lo + (hi - lo) * i / n
        if x == 0: continue
        e = exact(x); m = max(m, abs((approx(x) - e) / e))
    return m

def horner(c, z):
    acc = 0.0
    for k in reversed(c): acc = acc * z + k
    return acc

R = math.pi / 4 * (1 + 1e-6)
for deg in (2, 3):
    cs = fit(lambda z: (math.sin(math.sqrt(z)) - math.sqrt(z)) / z ** 1.5,
             lambda z: z ** 1.5 / math.sin(math.sqrt(z)), 1e-12, R * R, deg)
    e = maxerr(lambda r: r + r ** 3 * horner(cs, r * r), math.sin, 1e-6, R)
    print('sin deg', deg, cs, 'rel err %.3g = %.2f ulp' % (e, e / 2 ** -24))
    cc = fit(lambda z: (math.cos(math.sqrt(z)) - 1 + z / 2) / z ** 2,
             lambda z: z ** 2 / math.cos(math.sqrt(z)), 1e-12, R * R, deg)
    e = maxerr(lambda r: 1 - r * r / 2 + r ** 4 * horner(cc, r * r), math.cos, 1e-6, R)
    print('cos deg', deg, cc, 'rel err %.3g = %.2f ulp' % (e, e / 2 ** -24))
for TL in (0.55, 0.625):
  for deg in (3, 4, 5):
    ct = fit(lambda z: (math.tanh(math.sqrt(z)) - math.sqrt(z)) / z ** 1.5,
             lambda z: z ** 1.5 / math.tanh(math.sqrt(z)), 1e-12, TL * TL, deg)
    e = maxerr(lambda r: r + r ** 3 * horner(ct, r * r), math.tanh, 1e-6, TL)
    print('tanh', TL, 'deg', deg, ct, 'rel err %.3g = %.2f ulp' % (e, e / 2 ** -24))
# sin over |r| <= pi/2 (+4e-4: the reduction's quotient is rounded from x/pi in f32).
R2 = math.pi / 2 + 4e-4
cs = fit(lambda z: (math.sin(math.sqrt(z)) - math.sqrt(z)) / z ** 1.5,
         lambda z: z ** 1.5 / math.sin(math.sqrt(z)), 1e-12, R2 * R2, 3, iters=80)
e = maxerr(lambda r: r + r ** 3 * horner(cs, r * r), math.sin, 1e-6, R2)
print('sin pi/2 deg 3', cs, 'rel err %.3g = %.2f ulp' % (e, e / 2 ** -24))

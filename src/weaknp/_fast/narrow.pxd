# C declarations for narrow.py (Cython pure-Python mode: this file augments it; the .py
# stays plain Python and is what the pure build runs).  The conversion loops between the
# narrow floats and float32 are C below; narrow.py defines a Python twin of ``to32`` and
# ``from32`` (NumPy's casts, the same bits) for the pure build.
cimport cython
from weaknp._fast.npyc cimport PyArrayObject, PyArray_BYTES, numpy_api_ready

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    #if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    #include <immintrin.h>
    #define WNP_X86_F16C 1
    #endif

    /* kinds of narrow float (narrow.KIND_*) */
    #define WNP_F16 0
    #define WNP_BF16 1
    #define WNP_BYTE 2

    static inline uint32_t wnp_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
    static inline float wnp_float(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

    /* float16 -> float32 as NumPy's cast: exact, a NaN keeps its payload bits (and a
       signalling NaN stays signalling, unlike the F16C instruction). */
    static inline float wnp_h2f(uint16_t h) {
        uint32_t sign = ((uint32_t)(h & 0x8000u)) << 16;
        uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
        if (e == 0x1fu) return wnp_float(sign | 0x7f800000u | (m << 13));
        if (e) return wnp_float(sign | ((e + 112u) << 23) | (m << 13));
        /* zero or subnormal: m * 2**-24, exact in float32 */
        return wnp_float(sign | wnp_bits((float)m * 5.9604644775390625e-08f));
    }

    /* float32 -> float16 as NumPy's cast: round to nearest even; a NaN keeps the top of its
       payload (0x7c01 if that is empty); *over set when a finite value becomes inf. */
    static inline uint16_t wnp_f2h(uint32_t f, int* over) {
        uint16_t sign = (uint16_t)((f >> 16) & 0x8000u);
        uint32_t a = f & 0x7fffffffu, keep, rem, half;
        if (a >= 0x7f800000u) {
            uint16_t r;
            if (a == 0x7f800000u) return sign | 0x7c00u;
            r = (uint16_t)(0x7c00u | ((a & 0x7fffffu) >> 13));
            return sign | (r == 0x7c00u ? 0x7c01u : r);
        }
        if (a >= 0x477ff000u) { *over = 1; return sign | 0x7c00u; }   /* >= 65520 */
        if (a >= 0x38800000u) {                                       /* normal half */
            a -= 0x38000000u;
            keep = a >> 13; rem = a & 0x1fffu;
            if (rem > 0x1000u || (rem == 0x1000u && (keep & 1u))) keep++;
            return (uint16_t)(sign | keep);
        }
        if (a < 0x33000000u) return sign;                /* below 2**-25: zero */
        {                                                /* subnormal half, in 2**-24 units */
            uint32_t shift = 126u - (a >> 23), m = (a & 0x7fffffu) | 0x800000u;
            keep = m >> shift; rem = m & ((1u << shift) - 1u); half = 1u << (shift - 1u);
            if (rem > half || (rem == half && (keep & 1u))) keep++;
            return (uint16_t)(sign | keep);
        }
    }

    static int wnp_f16c = -1;   /* -1: not yet checked; 0/1 */

    #ifdef WNP_X86_F16C
    __attribute__((target("avx2,f16c")))
    static void wnp_h2f_vec(const uint16_t* s, float* d, Py_ssize_t n) {
        Py_ssize_t i = 0, j;
        const __m128i expo = _mm_set1_epi16(0x7c00);
        for (; i + 8 <= n; i += 8) {
            __m128i h = _mm_loadu_si128((const __m128i*)(s + i));
            if (_mm_movemask_epi8(_mm_cmpeq_epi16(_mm_and_si128(h, expo), expo))) {
                for (j = i; j < i + 8; j++) d[j] = wnp_h2f(s[j]);   /* inf/NaN lanes */
            } else {
                _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
            }
        }
        for (; i < n; i++) d[i] = wnp_h2f(s[i]);
    }

    __attribute__((target("avx2,f16c")))
    static int wnp_f2h_vec(const float* s, uint16_t* d, Py_ssize_t n) {
        Py_ssize_t i = 0, j;
        int over = 0;
        const __m256i absmask = _mm256_set1_epi32(0x7fffffff);
        const __m256i limit = _mm256_set1_epi32(0x477fefff);   /* below 65520 */
        for (; i + 8 <= n; i += 8) {
            __m256 v = _mm256_loadu_ps(s + i);
            __m256i a = _mm256_and_si256(_mm256_castps_si256(v), absmask);
            __m256i big = _mm256_cmpgt_epi32(a, limit);
            if (!_mm256_testz_si256(big, big)) {    /* overflow, inf or NaN lanes */
                for (j = i; j < i + 8; j++) d[j] = wnp_f2h(wnp_bits(s[j]), &over);
            } else {
                _mm_storeu_si128((__m128i*)(d + i),
                                 _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
            }
        }
        for (; i < n; i++) d[i] = wnp_f2h(wnp_bits(s[i]), &over);
        return over;
    }
    #endif

    /* Use F16C where the CPU has it (on = -1: detect; 0: never; 1: when present).
       Returns whether it is used now. */
    static int wnp_set_f16c(int on) {
    #ifdef WNP_X86_F16C
        __builtin_cpu_init();
        wnp_f16c = on != 0 && __builtin_cpu_supports("f16c") && __builtin_cpu_supports("avx2");
    #else
        wnp_f16c = 0;
    #endif
        return wnp_f16c;
    }

    /* n narrow values at src -> float32 at dst.  WNP_BYTE: table holds the 256 values. */
    static void wnp_to_f32(int kind, const char* src, float* dst, Py_ssize_t n,
                           const float* table) {
        Py_ssize_t i;
        if (kind == WNP_BF16) {
            const uint16_t* s = (const uint16_t*)src;
            for (i = 0; i < n; i++) dst[i] = wnp_float(((uint32_t)s[i]) << 16);
        } else if (kind == WNP_F16) {
            const uint16_t* s = (const uint16_t*)src;
            if (wnp_f16c < 0) wnp_set_f16c(-1);
    #ifdef WNP_X86_F16C
            if (wnp_f16c) { wnp_h2f_vec(s, dst, n); return; }
    #endif
            for (i = 0; i < n; i++) dst[i] = wnp_h2f(s[i]);
        } else {
            const uint8_t* s = (const uint8_t*)src;
            for (i = 0; i < n; i++) dst[i] = table[s[i]];
        }
    }

    /* n float32 at src rounded to the narrow type at dst; returns 1 when a finite float16
       result overflowed to inf.  WNP_BYTE: the result of a float32 is
       table[(bits >> shift) * 2 + sticky], sticky = any bit below the shift set (the
       sign, exponent, kept bits and round bit, then whether anything lies below). */
    static int wnp_from_f32(int kind, const float* src, char* dst, Py_ssize_t n,
                            const uint8_t* table, int shift) {
        Py_ssize_t i;
        int over = 0;
        if (kind == WNP_BF16) {
            uint16_t* d = (uint16_t*)dst;
            for (i = 0; i < n; i++) {
                uint32_t f = wnp_bits(src[i]);
                if ((f & 0x7fffffffu) > 0x7f800000u)
                    d[i] = (f & 0x80000000u) ? 0xffc0u : 0x7fc0u;   /* NaN, as ml_dtypes */
                else
                    d[i] = (uint16_t)((f + 0x7fffu + ((f >> 16) & 1u)) >> 16);
            }
        } else if (kind == WNP_F16) {
            uint16_t* d = (uint16_t*)dst;
            if (wnp_f16c < 0) wnp_set_f16c(-1);
    #ifdef WNP_X86_F16C
            if (wnp_f16c) return wnp_f2h_vec(src, d, n);
    #endif
            for (i = 0; i < n; i++) d[i] = wnp_f2h(wnp_bits(src[i]), &over);
        } else {
            uint8_t* d = (uint8_t*)dst;
            uint32_t low = (1u << shift) - 1u;
            for (i = 0; i < n; i++) {
                uint32_t f = wnp_bits(src[i]);
                d[i] = table[((f >> shift) << 1) | ((f & low) != 0)];
            }
        }
        return over;
    }
    """
    int wnp_set_f16c(int on)
    void wnp_to_f32(int kind, const char* src, float* dst, Py_ssize_t n, const float* table)
    int wnp_from_f32(int kind, const float* src, char* dst, Py_ssize_t n,
                     const unsigned char* table, int shift)

cdef object _float32, _bool, _empty, _ndarray, _ufunc


@cython.locals(p=cython.p_char)
cdef inline int to32(object src, Py_ssize_t start, Py_ssize_t k, object buf, int kind,
                     object table, Py_ssize_t itemsize) except -1:
    # bounds checked by the caller (``blocked``): start + k <= src.size, k <= buf.size
    wnp_to_f32(kind, PyArray_BYTES(<PyArrayObject*>src) + start * itemsize,
               <float*>PyArray_BYTES(<PyArrayObject*>buf), k,
               <const float*>PyArray_BYTES(<PyArrayObject*>table) if table is not None
               else NULL)
    return 0


cdef inline int from32(object buf, Py_ssize_t k, object dst, Py_ssize_t start, int kind,
                       object table, int shift, Py_ssize_t itemsize) except -1:
    return wnp_from_f32(kind, <const float*>PyArray_BYTES(<PyArrayObject*>buf),
                        PyArray_BYTES(<PyArrayObject*>dst) + start * itemsize, k,
                        <const unsigned char*>PyArray_BYTES(<PyArrayObject*>table)
                        if table is not None else NULL, shift)


@cython.locals(n=Py_ssize_t, s=Py_ssize_t, k=Py_ssize_t, blk=Py_ssize_t, over=int, kind=int, shift=int,
               isz=Py_ssize_t, osz=Py_ssize_t, cap=Py_ssize_t, xa=bint, ya=bint, binary=bint, to_bool=bint,
               keep=bint)
cpdef object blocked(object ufunc, object x, object y, tuple spec, bint inplace=*)


# -- reductions (issue 24): NumPy's float32 summation order over narrow input, in C --
cdef extern from *:
    """
    #include <fenv.h>

    /* what a reduction does to each widened value first (narrow.FOLD_*) */
    #define WNP_FOLD_PLAIN 0
    #define WNP_FOLD_NAN 1   /* a NaN becomes the value (nansum: 0, nanprod: 1) */
    #define WNP_FOLD_DEV 2   /* (x - value) * (x - value), two float32 roundings (var) */
    #define WNP_PW_BLOCK 128 /* NumPy's PW_BLOCKSIZE (loops_utils.h.src) */

    static int wnp_gather = -1;   /* one-byte tables: -1 unchecked, 0 C, 1 AVX2, 2 AVX-512BW */

    #ifdef WNP_X86_F16C
    __attribute__((target("avx2")))
    static void wnp_bytes_avx2(const uint8_t* s, float* d, Py_ssize_t n, const float* table) {
        Py_ssize_t i = 0;
        for (; i + 8 <= n; i += 8) {
            __m256i idx = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(s + i)));
            _mm256_storeu_ps(d + i, _mm256_i32gather_ps(table, idx, 4));
        }
        for (; i < n; i++) d[i] = table[s[i]];
    }

    /* The same with AVX-512BW: a one-byte type's float32 values have their low 16 bits
       zero, so the table is 256 uint16 (hi16: the top halves) held in 8 registers, read
       by 16-bit permutes (64 entries each) chosen by bits 6 and 7 of the byte. */
    __attribute__((target("avx512f,avx512bw")))
    static void wnp_bytes_avx512(const uint8_t* s, float* d, Py_ssize_t n,
                                 const uint16_t* hi16) {
        Py_ssize_t i = 0;
        const __m512i t0 = _mm512_loadu_si512(hi16), t1 = _mm512_loadu_si512(hi16 + 32),
                      t2 = _mm512_loadu_si512(hi16 + 64), t3 = _mm512_loadu_si512(hi16 + 96),
                      t4 = _mm512_loadu_si512(hi16 + 128), t5 = _mm512_loadu_si512(hi16 + 160),
                      t6 = _mm512_loadu_si512(hi16 + 192), t7 = _mm512_loadu_si512(hi16 + 224);
        const __m512i b6 = _mm512_set1_epi16(64), b7 = _mm512_set1_epi16(128);
        for (; i + 32 <= n; i += 32) {
            __m512i idx = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i*)(s + i)));
            __mmask32 m6 = _mm512_test_epi16_mask(idx, b6), m7 = _mm512_test_epi16_mask(idx, b7);
            __m512i lo = _mm512_mask_blend_epi16(m6, _mm512_permutex2var_epi16(t0, idx, t1),
                                                 _mm512_permutex2var_epi16(t2, idx, t3));
            __m512i hi = _mm512_mask_blend_epi16(m6, _mm512_permutex2var_epi16(t4, idx, t5),
                                                 _mm512_permutex2var_epi16(t6, idx, t7));
            __m512i r = _mm512_mask_blend_epi16(m7, lo, hi);
            _mm512_storeu_si512(d + i, _mm512_slli_epi32(
                _mm512_cvtepu16_epi32(_mm512_castsi512_si256(r)), 16));
            _mm512_storeu_si512(d + i + 16, _mm512_slli_epi32(
                _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(r, 1)), 16));
        }
        for (; i < n; i++) d[i] = wnp_float(((uint32_t)hi16[s[i]]) << 16);
    }
    #endif

    /* The one-byte tables' SIMD at most at `level` (0 C, 1 AVX2, 2 AVX-512BW) and what the
       CPU has; returns the level used now. */
    static int wnp_set_byte_simd(int level) {
        wnp_gather = 0;
    #ifdef WNP_X86_F16C
        __builtin_cpu_init();
        if (level >= 1 && __builtin_cpu_supports("avx2")) wnp_gather = 1;
        if (level >= 2 && wnp_gather && __builtin_cpu_supports("avx512f")
                && __builtin_cpu_supports("avx512bw")) wnp_gather = 2;
    #endif
        return wnp_gather;
    }

    /* hi16 for wnp_bytes_avx512 when the CPU has AVX-512BW and every value's low 16 bits
       are zero (1); else 0 (AVX2 gathers, or the table). */
    static int wnp_byte_halves(const float* table, uint16_t* hi16) {
        int i;
        if (wnp_gather < 0) wnp_set_byte_simd(2);
        if (wnp_gather < 2) return 0;
        for (i = 0; i < 256; i++) {
            uint32_t u = wnp_bits(table[i]);
            if (u & 0xffffu) return 0;
            hi16[i] = (uint16_t)(u >> 16);
        }
        return 1;
    }

    /* n narrow values at src -> float32 at dst as wnp_to_f32, the one-byte types by the
       SIMD table reads below where the CPU has them (the reductions' widen). */
    static void wnp_widen(int kind, const char* src, float* dst, Py_ssize_t n,
                          const float* table) {
    #ifdef WNP_X86_F16C
        uint16_t halves[256];
        if (kind == WNP_BYTE && wnp_byte_halves(table, halves)) {
            wnp_bytes_avx512((const uint8_t*)src, dst, n, halves);
            return;
        }
        if (kind == WNP_BYTE && wnp_gather) {
            wnp_bytes_avx2((const uint8_t*)src, dst, n, table);
            return;
        }
    #endif
        wnp_to_f32(kind, src, dst, n, table);
    }

    /* n <= 128 values at src widened into b (wnp_to_f32's bits; the one-byte tables read
       by AVX2 gathers where the CPU has them), transformed; NaNs replaced counted in
       *nans.  A NaN is found by its bits (a comparison would flag a signalling one). */
    static inline void wnp_fold_in(int kind, const char* src, float* b, Py_ssize_t n,
                                   const float* table, const uint16_t* hi16, int how, float v,
                                   Py_ssize_t* nans) {
        Py_ssize_t i;
    #ifdef WNP_X86_F16C
        if (hi16) wnp_bytes_avx512((const uint8_t*)src, b, n, hi16);
        else if (kind == WNP_BYTE && wnp_gather) wnp_bytes_avx2((const uint8_t*)src, b, n, table);
        else
    #endif
        wnp_to_f32(kind, src, b, n, table);
        if (how == WNP_FOLD_NAN) {
            for (i = 0; i < n; i++)
                if ((wnp_bits(b[i]) & 0x7fffffffu) > 0x7f800000u) { b[i] = v; (*nans)++; }
        } else if (how == WNP_FOLD_DEV) {
            for (i = 0; i < n; i++) { float d = b[i] - v; b[i] = d * d; }
        }
    }

    /* NumPy's float32 pairwise sum (loops_utils.h.src, @TYPE@_pairwise_sum), its order
       exactly: fewer than 8 values in turn from -0.0, up to 128 in 8 lanes combined
       ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) then the tail, else two halves split at
       n/2 - (n/2) % 8.  Each leaf is widened from the narrow input (isz bytes a value)
       into 128 floats on the stack.  Recursion depth: log2(n / 128). */
    static float wnp_pairwise(int kind, const char* src, Py_ssize_t n, Py_ssize_t isz,
                              const float* table, const uint16_t* hi16, int how, float v,
                              Py_ssize_t* nans) {
        if (n <= WNP_PW_BLOCK) {
            float b[WNP_PW_BLOCK], r0, r1, r2, r3, r4, r5, r6, r7, res;
            Py_ssize_t i;
            wnp_fold_in(kind, src, b, n, table, hi16, how, v, nans);
            if (n < 8) {
                res = -0.0f;
                for (i = 0; i < n; i++) res += b[i];
                return res;
            }
            r0 = b[0]; r1 = b[1]; r2 = b[2]; r3 = b[3];
            r4 = b[4]; r5 = b[5]; r6 = b[6]; r7 = b[7];
            for (i = 8; i < n - (n % 8); i += 8) {
                r0 += b[i]; r1 += b[i + 1]; r2 += b[i + 2]; r3 += b[i + 3];
                r4 += b[i + 4]; r5 += b[i + 5]; r6 += b[i + 6]; r7 += b[i + 7];
            }
            res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
            for (; i < n; i++) res += b[i];
            return res;
        } else {
            Py_ssize_t n2 = n / 2;
            n2 -= n2 % 8;
            return wnp_pairwise(kind, src, n2, isz, table, hi16, how, v, nans)
                 + wnp_pairwise(kind, src + n2 * isz, n - n2, isz, table, hi16, how, v, nans);
        }
    }

    /* The float32 reduction of n narrow values as NumPy's np.add.reduce / np.multiply.reduce
       computes it from the initial value 0 / 1: add in one pairwise sum (a float32 array)
       or, chunk > 0, one per chunk of `chunk` values added in turn (NumPy's buffered cast);
       multiply in turn. */
    static float wnp_fold(int mul, int kind, const char* src, Py_ssize_t n, Py_ssize_t isz,
                          const float* table, int how, float v, Py_ssize_t chunk,
                          Py_ssize_t* nans) {
        Py_ssize_t lo, k, i;
        float acc, b[WNP_PW_BLOCK];
        uint16_t halves[256];
        const uint16_t* hi16 = NULL;
        if (kind == WNP_BYTE && wnp_byte_halves(table, halves)) hi16 = halves;
        if (mul) {
            acc = 1.0f;
            for (lo = 0; lo < n; lo += WNP_PW_BLOCK) {
                k = n - lo < WNP_PW_BLOCK ? n - lo : WNP_PW_BLOCK;
                wnp_fold_in(kind, src + lo * isz, b, k, table, hi16, how, v, nans);
                for (i = 0; i < k; i++) acc *= b[i];
            }
            return acc;
        }
        if (chunk <= 0) return 0.0f + wnp_pairwise(kind, src, n, isz, table, hi16, how, v, nans);
        acc = 0.0f;
        for (lo = 0; lo < n; lo += chunk) {
            k = n - lo < chunk ? n - lo : chunk;
            acc += wnp_pairwise(kind, src + lo * isz, k, isz, table, hi16, how, v, nans);
        }
        return acc;
    }

    /* wnp_fold with the floating-point exception flags NumPy checks after its loop
       (invalid, overflow, divide, underflow) cleared first; returns the flags raised:
       1 invalid, 2 overflow, 4 divide, 8 underflow. */
    static int wnp_fold_flags(int mul, int kind, const char* src, Py_ssize_t n,
                              Py_ssize_t isz, const float* table, int how, float v,
                              Py_ssize_t chunk, Py_ssize_t* nans, float* out) {
        volatile float r;
        int raised;
        feclearexcept(FE_INVALID | FE_OVERFLOW | FE_DIVBYZERO | FE_UNDERFLOW);
        r = wnp_fold(mul, kind, src, n, isz, table, how, v, chunk, nans);
        *out = r;
        raised = fetestexcept(FE_INVALID | FE_OVERFLOW | FE_DIVBYZERO | FE_UNDERFLOW);
        return ((raised & FE_INVALID) ? 1 : 0) | ((raised & FE_OVERFLOW) ? 2 : 0)
               | ((raised & FE_DIVBYZERO) ? 4 : 0) | ((raised & FE_UNDERFLOW) ? 8 : 0);
    }
    """
    int wnp_set_byte_simd(int level)
    void wnp_widen(int kind, const char* src, float* dst, Py_ssize_t n, const float* table)
    int wnp_fold_flags(int mul, int kind, const char* src, Py_ssize_t n, Py_ssize_t isz,
                         const float* table, int how, float v, Py_ssize_t chunk,
                         Py_ssize_t* nans, float* out)


@cython.locals(nans=Py_ssize_t, r=float, flags=int)
cdef inline tuple fold32(bint mul, object flat, int kind, object table, Py_ssize_t isz, int how,
                          float value, Py_ssize_t chunk):
    # checked by the caller (``fold``): flat 1-D, contiguous, aligned, of the kind
    nans = 0
    r = 0
    flags = wnp_fold_flags(mul, kind, PyArray_BYTES(<PyArrayObject*>flat), flat.size, isz,
                           <const float*>PyArray_BYTES(<PyArrayObject*>table)
                           if table is not None else NULL, how, value, chunk, &nans, &r)
    return r, nans, flags


cdef inline int widen32(object block, object out, int kind, object table) except -1:
    # checked by the caller (``widen``): block 1-D contiguous of the kind, out float32 of its size
    wnp_widen(kind, PyArray_BYTES(<PyArrayObject*>block),
              <float*>PyArray_BYTES(<PyArrayObject*>out), block.size,
              <const float*>PyArray_BYTES(<PyArrayObject*>table) if table is not None else NULL)
    return 0

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
    #define WNP_BYTEA 3   /* one-byte type converted by arithmetic (narrow.byte_tables) */

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
    /* The F16C loops.  Inf and NaN lanes (and, rounding back, the lanes that overflow) get
       NumPy's bits from integer arithmetic, blended over the instruction's result, in the
       same 8 lanes: those lanes are zeroed before the instruction, so it never meets a
       NaN (it would quiet a signalling one and raise "invalid") nor overflows (it would
       raise "overflow": the caller learns of it from the returned flag instead).  No
       scalar fallback: NaN-heavy data converts at the speed of any other. */
    __attribute__((target("avx2,f16c")))
    static void wnp_h2f_vec(const uint16_t* s, float* d, Py_ssize_t n) {
        Py_ssize_t i = 0;
        const __m128i expo = _mm_set1_epi16(0x7c00);
        const __m256i sign = _mm256_set1_epi32(0x8000), mant = _mm256_set1_epi32(0x3ff);
        const __m256i inf32 = _mm256_set1_epi32(0x7f800000);
        for (; i + 8 <= n; i += 8) {
            __m128i h = _mm_loadu_si128((const __m128i*)(s + i));
            __m128i special = _mm_cmpeq_epi16(_mm_and_si128(h, expo), expo);
            if (_mm_testz_si128(special, special)) {
                _mm256_storeu_ps(d + i, _mm256_cvtph_ps(h));
            } else {   /* inf/NaN lanes: sign << 16 | float32's exponent | mantissa << 13 */
                __m256 f = _mm256_cvtph_ps(_mm_andnot_si128(special, h));
                __m256i w = _mm256_cvtepu16_epi32(h);
                __m256i bits = _mm256_or_si256(
                    _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(w, sign), 16), inf32),
                    _mm256_slli_epi32(_mm256_and_si256(w, mant), 13));
                __m256 sp = _mm256_castsi256_ps(_mm256_cvtepi16_epi32(special));
                _mm256_storeu_ps(d + i, _mm256_blendv_ps(f, _mm256_castsi256_ps(bits), sp));
            }
        }
        for (; i < n; i++) d[i] = wnp_h2f(s[i]);
    }

    __attribute__((target("avx2,f16c")))
    static int wnp_f2h_vec(const float* s, uint16_t* d, Py_ssize_t n) {
        Py_ssize_t i = 0;
        int over = 0;
        const __m256i absmask = _mm256_set1_epi32(0x7fffffff);
        const __m256i limit = _mm256_set1_epi32(0x477fefff);   /* below 65520 */
        const __m256i inf32 = _mm256_set1_epi32(0x7f800000);
        const __m256i low23 = _mm256_set1_epi32(0x7fffff), one = _mm256_set1_epi32(1);
        const __m256i sign = _mm256_set1_epi32(0x8000), inf16 = _mm256_set1_epi32(0x7c00);
        for (; i + 8 <= n; i += 8) {
            __m256 v = _mm256_loadu_ps(s + i);
            __m256i x = _mm256_castps_si256(v);
            __m256i a = _mm256_and_si256(x, absmask);
            __m256i big = _mm256_cmpgt_epi32(a, limit);
            if (_mm256_testz_si256(big, big)) {
                _mm_storeu_si128((__m128i*)(d + i),
                                 _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
            } else {   /* overflow, inf or NaN lanes */
                __m256i fin = _mm256_and_si256(big, _mm256_cmpgt_epi32(inf32, a));
                __m256i nan = _mm256_cmpgt_epi32(a, inf32);
                /* a NaN keeps the top of its payload, 1 if that is empty */
                __m256i m = _mm256_srli_epi32(_mm256_and_si256(a, low23), 13);
                m = _mm256_or_si256(m, _mm256_and_si256(_mm256_cmpeq_epi32(
                        m, _mm256_setzero_si256()), one));
                __m256i r = _mm256_or_si256(
                    _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(x, 16), sign), inf16),
                    _mm256_and_si256(m, nan));
                __m256 rest = _mm256_castsi256_ps(_mm256_andnot_si256(big, x));
                __m256i p = _mm256_cvtepu16_epi32(
                    _mm256_cvtps_ph(rest, _MM_FROUND_TO_NEAREST_INT));
                p = _mm256_blendv_epi8(p, r, big);
                _mm_storeu_si128((__m128i*)(d + i), _mm_packus_epi32(
                    _mm256_castsi256_si128(p), _mm256_extracti128_si256(p, 1)));
                if (!_mm256_testz_si256(fin, fin)) over = 1;
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

    /* Which clones below run (-1: not yet checked; 0 portable, 1 AVX2, 2 AVX-512).  They
       are the same C as the portable ones, compiled for AVX2 or AVX-512 (the compiler
       vectorises the loops 8 or 16 floats wide). */
    static int wnp_avx2 = -1;
    static int wnp_vbmi = 0;   /* AVX-512 VBMI (vpermi2b): the one-byte types' look-ups */
    static int wnp_check_avx2(void) {
    #ifdef WNP_X86_F16C
        __builtin_cpu_init();
        wnp_avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c");
        if (wnp_avx2 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw")
                && __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq"))
            wnp_avx2 = 2;
        wnp_vbmi = wnp_avx2 == 2 && __builtin_cpu_supports("avx512vbmi");
    #else
        wnp_avx2 = 0;
    #endif
        return wnp_avx2;
    }

    /* The clones used at most (narrow.use_simd: 0 portable, 1 AVX2, 2 AVX-512, 3 also
       AVX-512 VBMI's byte look-ups), as far as the CPU has them; returns the level used. */
    static int wnp_set_simd(int level) {
        wnp_check_avx2();
        if (level < 3) wnp_vbmi = 0;
        if (wnp_avx2 > level) wnp_avx2 = level;
        return wnp_avx2 + (wnp_avx2 == 2 && wnp_vbmi);
    }
    #ifdef WNP_X86_F16C
    #define WNP_T256 __attribute__((target("avx2,f16c")))
    #if defined(__clang__)
    #define WNP_T512 __attribute__((target("avx2,f16c,avx512f,avx512bw,avx512vl,avx512dq")))
    #else
    #define WNP_T512 __attribute__((target( \
        "avx2,f16c,avx512f,avx512bw,avx512vl,avx512dq,prefer-vector-width=512")))
    #endif
    #endif

    #ifdef WNP_X86_F16C
    /* n one-byte values -> float32 by AVX-512BW look-ups: every float32 value of a one-byte
       type has its low 16 bits zero, so the table is 256 uint16 (hi16: the top halves,
       512 bytes; byte_tables puts them after the 256 values) held in 8 registers, read by
       16-bit permutes (64 entries each) chosen by bits 6 and 7 of the byte.  The one SIMD
       reader of these tables (the blocks' wnp_in and the reductions' wnp_widen/wnp_fold):
       ~10% faster here than VBMI's 8-bit permutes of two byte planes, and it needs only
       AVX-512BW. */
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

    #if defined(__GNUC__)
    #define WNP_INLINE static inline __attribute__((always_inline))
    /* float32 buffers read and written as their bits: may_alias keeps that defined (and
       the loops vectorisable, unlike a memcpy per element) */
    typedef uint32_t __attribute__((may_alias)) wnp_u32a;
    #define WNP_RESTRICT __restrict__
    #define WNP_F_SQRT __builtin_sqrtf
    #define WNP_F_ABS __builtin_fabsf
    #define WNP_F_RINT __builtin_rintf
    #define WNP_F_FLOOR0 __builtin_floorf
    #define WNP_F_CEIL0 __builtin_ceilf
    #define WNP_F_TRUNC0 __builtin_truncf
    #else   /* another compiler: the same C, without GCC's extensions */
    #include <math.h>
    #define WNP_INLINE static __inline
    typedef uint32_t wnp_u32a;
    #define WNP_RESTRICT __restrict
    #define WNP_F_SQRT sqrtf
    #define WNP_F_ABS fabsf
    #define WNP_F_RINT rintf
    #define WNP_F_FLOOR0 floorf
    #define WNP_F_CEIL0 ceilf
    #define WNP_F_TRUNC0 truncf
    #endif
    /* floor/ceil/trunc of a NaN give it quieted (x + x), as NumPy's float32 loops and the
       SIMD clones' round instructions do: the portable clone's inline floorf (SSE2, no
       round instruction) returns a signalling NaN unchanged. Branch-free (a select). */
    #define WNP_QUIETED(f, x) ((x) != (x) ? (x) + (x) : f(x))
    #define WNP_F_FLOOR(x) WNP_QUIETED(WNP_F_FLOOR0, x)
    #define WNP_F_CEIL(x) WNP_QUIETED(WNP_F_CEIL0, x)
    #define WNP_F_TRUNC(x) WNP_QUIETED(WNP_F_TRUNC0, x)

    /* n narrow values at src -> float32 at dst (vec: the AVX2 clone; F16C when wnp_f16c) */
    WNP_INLINE void wnp_in(int vec, int kind, const char* src, float* WNP_RESTRICT dst,
                           Py_ssize_t n, const float* WNP_RESTRICT table) {
        Py_ssize_t i;
        if (kind == WNP_BF16) {
            const uint16_t* WNP_RESTRICT s = (const uint16_t*)src;
            wnp_u32a* WNP_RESTRICT d = (wnp_u32a*)dst;
            for (i = 0; i < n; i++) d[i] = ((uint32_t)s[i]) << 16;
        } else if (kind == WNP_F16) {
            const uint16_t* s = (const uint16_t*)src;
            if (wnp_f16c < 0) wnp_set_f16c(-1);
    #ifdef WNP_X86_F16C
            if (vec && wnp_f16c) { wnp_h2f_vec(s, dst, n); return; }
    #endif
            for (i = 0; i < n; i++) dst[i] = wnp_h2f(s[i]);
        } else {
            const uint8_t* WNP_RESTRICT s = (const uint8_t*)src;
    #ifdef WNP_X86_F16C
            /* WNP_BYTEA: the top halves follow the 256 values (byte_tables) */
            if (vec == 2 && kind == WNP_BYTEA) {   /* AVX-512BW: no VBMI needed */
                wnp_bytes_avx512(s, dst, n, (const uint16_t*)(table + 256));
                return;
            }
    #endif
            for (i = 0; i < n; i++) dst[i] = table[s[i]];
        }
    }

    /* n float32 at src rounded into the narrow type at dst; 1 when a finite float16 result
       overflowed to inf (see wnp_from_f32) */
    WNP_INLINE int wnp_out(int vec, int kind, const float* WNP_RESTRICT src, char* dst,
                           Py_ssize_t n, const uint8_t* WNP_RESTRICT table, int shift) {
        Py_ssize_t i;
        int over = 0;
        if (kind == WNP_BF16) {
            const wnp_u32a* WNP_RESTRICT b = (const wnp_u32a*)src;
            uint16_t* WNP_RESTRICT d = (uint16_t*)dst;
            for (i = 0; i < n; i++) {
                /* branch-free (vectorised): a NaN becomes 0x7fc0 with its sign, as
                   ml_dtypes writes it; others round to nearest even */
                uint32_t f = b[i];
                uint32_t nan = 0x7fc0u | ((f >> 16) & 0x8000u);
                uint32_t r = (f + 0x7fffu + ((f >> 16) & 1u)) >> 16;
                uint32_t m = 0u - (uint32_t)((f & 0x7fffffffu) > 0x7f800000u);
                d[i] = (uint16_t)((r & ~m) | (nan & m));
            }
        } else if (kind == WNP_F16) {
            uint16_t* d = (uint16_t*)dst;
            if (wnp_f16c < 0) wnp_set_f16c(-1);
    #ifdef WNP_X86_F16C
            if (vec && wnp_f16c) return wnp_f2h_vec(src, d, n);
    #endif
            for (i = 0; i < n; i++) d[i] = wnp_f2h(wnp_bits(src[i]), &over);
        } else if (kind == WNP_BYTEA) {
            /* Arithmetic, branch-free (vectorised) on pieces of values all below lim (the
               largest float32 that rounds to a finite value: no overflow, inf or NaN):
               normals rounded to nearest even on the bits, subnormals by one float32
               addition (its rounding is the one wanted), the sign put back (a type
               without -0, zmask 0: not on a zero).  Other pieces: the table.  The
               parameters follow the table (byte_tables checked this against it). */
            const wnp_u32a* WNP_RESTRICT b = (const wnp_u32a*)src;
            uint8_t* WNP_RESTRICT d = (uint8_t*)dst;
            uint32_t Q[8];
            Py_ssize_t j, e;
            memcpy(Q, table + ((size_t)1 << (33 - shift)), sizeof Q);
            {
                const uint32_t sb = Q[0], sh = Q[1], off = Q[2], magicb = Q[3];
                const uint32_t minnorm = Q[4], lim = Q[5], zmask = Q[6];
                const uint32_t half1 = (1u << (sh - 1u)) - 1u, low = (1u << shift) - 1u;
                const float magic = wnp_float(magicb);
                for (j = 0; j < n; j = e) {
                    uint32_t top = 0;
                    e = n - j < 256 ? n : j + 256;
                    for (i = j; i < e; i++) {
                        uint32_t a = b[i] & 0x7fffffffu;
                        top = a > top ? a : top;
                    }
                    if (top > lim) {
                        for (i = j; i < e; i++) {
                            uint32_t f = b[i];
                            d[i] = table[((f >> shift) << 1) | ((f & low) != 0)];
                        }
                        continue;
                    }
                    for (i = j; i < e; i++) {
                        uint32_t f = b[i], a = f & 0x7fffffffu, an = a - off;
                        uint32_t qn = (an + half1 + ((an >> sh) & 1u)) >> sh;
                        uint32_t qs = wnp_bits(wnp_float(a) + magic) - magicb;
                        uint32_t ms = 0u - (uint32_t)(a < minnorm);   /* a mask: no branch */
                        uint32_t q = (qs & ms) | (qn & ~ms);
                        uint32_t sg = (f >> 31) << sb;
                        if (zmask) d[i] = (uint8_t)(q | sg);
                        else d[i] = (uint8_t)(q | (sg & (0u - (uint32_t)(q != 0u))));
                    }
                }
            }
        } else {
            const wnp_u32a* WNP_RESTRICT b = (const wnp_u32a*)src;
            uint8_t* WNP_RESTRICT d = (uint8_t*)dst;
            uint32_t low = (1u << shift) - 1u;
            for (i = 0; i < n; i++) {
                uint32_t f = b[i];
                d[i] = table[((f >> shift) << 1) | ((f & low) != 0)];
            }
        }
        return over;
    }

    #ifdef WNP_X86_F16C
    WNP_T256 static void wnp_to_f32_avx2(int kind, const char* src, float* dst, Py_ssize_t n,
                                         const float* table) {
        wnp_in(1, kind, src, dst, n, table);
    }
    WNP_T512 static void wnp_to_f32_avx512(int kind, const char* src, float* dst,
                                           Py_ssize_t n, const float* table) {
        wnp_in(2, kind, src, dst, n, table);
    }
    WNP_T256 static int wnp_from_f32_avx2(int kind, const float* src, char* dst, Py_ssize_t n,
                                          const uint8_t* table, int shift) {
        return wnp_out(1, kind, src, dst, n, table, shift);
    }
    WNP_T512 static int wnp_from_f32_avx512(int kind, const float* src, char* dst,
                                            Py_ssize_t n, const uint8_t* table, int shift) {
        return wnp_out(2, kind, src, dst, n, table, shift);
    }
    #endif

    /* n narrow values at src -> float32 at dst.  WNP_BYTE: table holds the 256 values. */
    static void wnp_to_f32(int kind, const char* src, float* dst, Py_ssize_t n,
                           const float* table) {
        if (wnp_avx2 < 0) wnp_check_avx2();
    #ifdef WNP_X86_F16C
        if (wnp_avx2 == 2) { wnp_to_f32_avx512(kind, src, dst, n, table); return; }
        if (wnp_avx2) { wnp_to_f32_avx2(kind, src, dst, n, table); return; }
    #endif
        wnp_in(0, kind, src, dst, n, table);
    }

    /* n float32 at src rounded to the narrow type at dst; returns 1 when a finite float16
       result overflowed to inf.  WNP_BYTE: the result of a float32 is
       table[(bits >> shift) * 2 + sticky], sticky = any bit below the shift set (the
       sign, exponent, kept bits and round bit, then whether anything lies below). */
    static int wnp_from_f32(int kind, const float* src, char* dst, Py_ssize_t n,
                            const uint8_t* table, int shift) {
        if (wnp_avx2 < 0) wnp_check_avx2();
    #ifdef WNP_X86_F16C
        if (wnp_avx2 == 2) return wnp_from_f32_avx512(kind, src, dst, n, table, shift);
        if (wnp_avx2) return wnp_from_f32_avx2(kind, src, dst, n, table, shift);
    #endif
        return wnp_out(0, kind, src, dst, n, table, shift);
    }

    /* The fused ops (narrow.FUSED): convert a chunk in, one IEEE float32 operation (the
       bits NumPy's float32 loop gives), round the chunk back, all in L1; no call out.
       NumPy differs: with two NaN operands the result here carries the first one's
       payload on every CPU; NumPy's baseline float32 loop gives the second's for add and
       multiply (its SIMD loops the first): IEEE 754 leaves it open (decision 82). */
    enum { WNP_ADD, WNP_SUB, WNP_MUL, WNP_DIV, WNP_SQRT, WNP_NEG, WNP_ABS, WNP_RINT,
           WNP_FLOOR, WNP_CEIL, WNP_TRUNC, WNP_CLIP,
           WNP_EQ, WNP_NE, WNP_LT, WNP_LE, WNP_GT, WNP_GE, WNP_NOPS };
    #define WNP_CHUNK 1024

    /* The floating-point exception flags (narrow.FLAG_*: 1 invalid, 2 divide by zero,
       4 overflow, 8 underflow) */
    #if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__)) && defined(__SSE2__)
    static inline void wnp_fp_clear(void) { _mm_setcsr(_mm_getcsr() & ~0x3fu); }
    static inline unsigned wnp_fp_test(unsigned mask) {
        unsigned c = _mm_getcsr();
        return mask & (((c & 1u) ? 1u : 0u) | ((c & 4u) ? 2u : 0u) | ((c & 8u) ? 4u : 0u)
                       | ((c & 16u) ? 8u : 0u));
    }
    #else
    #include <fenv.h>
    static inline void wnp_fp_clear(void) { feclearexcept(FE_ALL_EXCEPT); }
    static inline unsigned wnp_fp_test(unsigned mask) {
        int c = fetestexcept(FE_ALL_EXCEPT);
        return mask & (((c & FE_INVALID) ? 1u : 0u) | ((c & FE_DIVBYZERO) ? 2u : 0u)
                       | ((c & FE_OVERFLOW) ? 4u : 0u) | ((c & FE_UNDERFLOW) ? 8u : 0u));
    }
    #endif

    /* op on k floats: d = a op b (float ops) or o = a op b (comparisons, into bools) */
    WNP_INLINE void wnp_op(int op, const float* WNP_RESTRICT a, const float* WNP_RESTRICT b,
                           float* WNP_RESTRICT d, uint8_t* WNP_RESTRICT o, Py_ssize_t k,
                           float lo, float hi) {
        Py_ssize_t i;
        switch (op) {
        case WNP_ADD: for (i = 0; i < k; i++) d[i] = a[i] + b[i]; break;
        case WNP_SUB: for (i = 0; i < k; i++) d[i] = a[i] - b[i]; break;
        case WNP_MUL: for (i = 0; i < k; i++) d[i] = a[i] * b[i]; break;
        case WNP_DIV: for (i = 0; i < k; i++) d[i] = a[i] / b[i]; break;
        case WNP_SQRT: for (i = 0; i < k; i++) d[i] = WNP_F_SQRT(a[i]); break;
        case WNP_NEG: for (i = 0; i < k; i++) d[i] = -a[i]; break;
        case WNP_ABS: for (i = 0; i < k; i++) d[i] = WNP_F_ABS(a[i]); break;
        case WNP_RINT: for (i = 0; i < k; i++) d[i] = WNP_F_RINT(a[i]); break;
        case WNP_FLOOR: for (i = 0; i < k; i++) d[i] = WNP_F_FLOOR(a[i]); break;
        case WNP_CEIL: for (i = 0; i < k; i++) d[i] = WNP_F_CEIL(a[i]); break;
        case WNP_TRUNC: for (i = 0; i < k; i++) d[i] = WNP_F_TRUNC(a[i]); break;
        case WNP_CLIP:   /* NumPy's float32 clip: a NaN x stays, x equal to a bound stays */
            for (i = 0; i < k; i++) {
                float t = a[i] < lo ? lo : a[i];
                d[i] = t > hi ? hi : t;
            }
            break;
        case WNP_EQ: for (i = 0; i < k; i++) o[i] = a[i] == b[i]; break;
        case WNP_NE: for (i = 0; i < k; i++) o[i] = a[i] != b[i]; break;
        case WNP_LT: for (i = 0; i < k; i++) o[i] = a[i] < b[i]; break;
        case WNP_LE: for (i = 0; i < k; i++) o[i] = a[i] <= b[i]; break;
        case WNP_GT: for (i = 0; i < k; i++) o[i] = a[i] > b[i]; break;
        case WNP_GE: for (i = 0; i < k; i++) o[i] = a[i] >= b[i]; break;
        }
    }

    /* -- one array operand (a unary op, array op scalar, scalar op array, clip): one pass,
       no float32 chunk written and read back (issue 24: `a *= 2` at memory speed) -- */

    WNP_INLINE float wnp_clip1(float v, float lo, float hi) {
        float t = v < lo ? lo : v;   /* wnp_op's WNP_CLIP, one value */
        return t > hi ? hi : t;
    }

    /* float32 bits -> bfloat16 as wnp_out (a NaN becomes 0x7fc0 with its sign) */
    WNP_INLINE uint16_t wnp_f2bf(uint32_t f) {
        uint32_t nan = 0x7fc0u | ((f >> 16) & 0x8000u);
        uint32_t r = (f + 0x7fffu + ((f >> 16) & 1u)) >> 16;
        uint32_t m = 0u - (uint32_t)((f & 0x7fffffffu) > 0x7f800000u);
        return (uint16_t)((r & ~m) | (nan & m));
    }

    /* n bytes at s looked up in the 256-byte table t, into d */
    #ifdef WNP_X86_F16C
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx512vbmi")))
    static void wnp_lut_vbmi(const uint8_t* s, uint8_t* d, Py_ssize_t n, const uint8_t* t) {
        Py_ssize_t i = 0;
        const __m512i t0 = _mm512_loadu_si512(t), t1 = _mm512_loadu_si512(t + 64);
        const __m512i t2 = _mm512_loadu_si512(t + 128), t3 = _mm512_loadu_si512(t + 192);
        for (; i + 64 <= n; i += 64) {
            __m512i v = _mm512_loadu_si512(s + i);
            __mmask64 top = _mm512_movepi8_mask(v);   /* bit 7: the second half */
            _mm512_storeu_si512(d + i, _mm512_mask_blend_epi8(
                top, _mm512_permutex2var_epi8(t0, v, t1), _mm512_permutex2var_epi8(t2, v, t3)));
        }
        for (; i < n; i++) d[i] = t[s[i]];
    }

    /* The same with AVX2 (no VBMI): the table as 16 rows of 16 bytes, each read by a byte
       shuffle (pshufb) with the low 4 bits of the byte, the 16 results narrowed to one by
       blends on bits 4, 5, 6 and 7 (each moved into its byte's top bit, blendv's test).
       Only the rows the bytes can reach are read: a block whose bytes are all below
       16 << L needs 1 << L rows and L levels of blends (a float4/float6 array, or float8
       values of one sign: 1, 4 or 8 rows instead of 16, issue 24). */
    __attribute__((target("avx2"), always_inline))
    static inline void wnp_lut_rows(const uint8_t* s, uint8_t* d, Py_ssize_t n,
                                    const uint8_t* t, const __m256i* row, const int L) {
        Py_ssize_t i = 0;
        const __m256i low4 = _mm256_set1_epi8(0x0f);
        int k;
        for (; i + 32 <= n; i += 32) {
            __m256i v = _mm256_loadu_si256((const __m256i*)(s + i)), r[8];
            __m256i lo = _mm256_and_si256(v, low4);
            if (L == 0) {
                r[0] = _mm256_shuffle_epi8(row[0], lo);
            } else {
                __m256i b4 = _mm256_slli_epi16(v, 3);
                for (k = 0; k < (1 << L) / 2; k++)
                    r[k] = _mm256_blendv_epi8(_mm256_shuffle_epi8(row[2 * k], lo),
                                              _mm256_shuffle_epi8(row[2 * k + 1], lo), b4);
                if (L >= 2) {
                    __m256i b5 = _mm256_slli_epi16(v, 2);
                    for (k = 0; k < (1 << L) / 4; k++)
                        r[k] = _mm256_blendv_epi8(r[2 * k], r[2 * k + 1], b5);
                }
                if (L >= 3) {
                    __m256i b6 = _mm256_slli_epi16(v, 1);
                    for (k = 0; k < (1 << L) / 8; k++)
                        r[k] = _mm256_blendv_epi8(r[2 * k], r[2 * k + 1], b6);
                }
                if (L >= 4) r[0] = _mm256_blendv_epi8(r[0], r[1], v);
            }
            _mm256_storeu_si256((__m256i*)(d + i), r[0]);
        }
        for (; i < n; i++) d[i] = t[s[i]];
    }

    #define WNP_LUT_BLOCK 4096
    __attribute__((target("avx2")))
    static void wnp_lut_avx2(const uint8_t* s, uint8_t* d, Py_ssize_t n, const uint8_t* t) {
        __m256i row[16];
        Py_ssize_t b, m, j;
        int k;
        for (k = 0; k < 16; k++)
            row[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i*)(t + 16 * k)));
        for (b = 0; b < n; b += m) {
            __m256i acc = _mm256_setzero_si256();
            unsigned top = 0;
            uint8_t lanes[32];
            m = n - b < WNP_LUT_BLOCK ? n - b : WNP_LUT_BLOCK;
            for (j = 0; j + 32 <= m; j += 32)
                acc = _mm256_or_si256(acc, _mm256_loadu_si256((const __m256i*)(s + b + j)));
            for (; j < m; j++) top |= s[b + j];
            _mm256_storeu_si256((__m256i*)lanes, acc);
            for (k = 0; k < 32; k++) top |= lanes[k];
            if (top >= 128) wnp_lut_rows(s + b, d + b, m, t, row, 4);
            else if (top >= 64) wnp_lut_rows(s + b, d + b, m, t, row, 3);
            else if (top >= 32) wnp_lut_rows(s + b, d + b, m, t, row, 2);
            else if (top >= 16) wnp_lut_rows(s + b, d + b, m, t, row, 1);
            else wnp_lut_rows(s + b, d + b, m, t, row, 0);
        }
    }
    #endif
    WNP_INLINE void wnp_lut(int vec, const uint8_t* s, uint8_t* d, Py_ssize_t n,
                            const uint8_t* WNP_RESTRICT t) {
        Py_ssize_t i;
    #ifdef WNP_X86_F16C
        if (vec == 2 && wnp_vbmi) { wnp_lut_vbmi(s, d, n, t); return; }
        if (vec) { wnp_lut_avx2(s, d, n, t); return; }
    #endif
        for (i = 0; i < n; i++) d[i] = t[s[i]];
    }

    /* A one-byte type with one array operand: the result depends on the byte only, so the
       256 results (and which of them raise a flag in mask) are computed once, by wnp_op
       and wnp_out (the bits of the chunked loop), and each chunk is a table look-up; a
       chunk holding a value whose operation raises a flag in mask is left (returned), as
       the chunked loop leaves it.  src: the array operand (x, or y when yarr). */
    WNP_INLINE Py_ssize_t wnp_fused_lut(int vec, int op, int kind, const uint8_t* src,
            int yarr, const float* xs, const float* ys, char* out, Py_ssize_t start,
            Py_ssize_t n, const float* vt, const uint8_t* rt, int shift, unsigned mask,
            float lo, float hi) {
        float a[256], b[256], d[256];
        uint8_t t[256], bad[256], hit[WNP_CHUNK];
        Py_ssize_t s, k, i;
        int v, anybad = 0;
        for (v = 0; v < 256; v++) {
            a[v] = yarr ? *xs : vt[v];
            b[v] = yarr ? vt[v] : (ys != NULL ? *ys : 0.0f);
        }
        if (op >= WNP_EQ) {
            wnp_op(op, a, b, d, t, 256, lo, hi);
        } else {
            if (mask) {
                for (v = 0; v < 256; v++) {
                    wnp_fp_clear();
                    wnp_op(op, a + v, b + v, d + v, NULL, 1, lo, hi);
                    bad[v] = wnp_fp_test(mask) != 0;
                    anybad |= bad[v];
                }
            } else {
                wnp_op(op, a, b, d, NULL, 256, lo, hi);
            }
            wnp_out(vec, kind, d, (char*)t, 256, rt, shift);   /* no float16: no overflow */
        }
        for (s = start; s < n; s += k) {
            k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
            if (anybad) {
                uint8_t any = 0;
                wnp_lut(vec, src + s, hit, k, bad);
                for (i = 0; i < k; i++) any |= hit[i];
                if (any) return s;
            }
            wnp_lut(vec, src + s, (uint8_t*)out + s, k, t);
        }
        return n;
    }

    /* -- two arrays of a one-byte type (issue 24) --
       + - * /: a binary op of a one-byte type has at most 65536 operand pairs, so each
       (op, type) computes all of them once -- wnp_op and wnp_out, the bits of the chunked
       loop, and each pair's floating-point flags -- into a cached table, and a call looks
       each element up, T[x << 8 | y] (gathers where the CPU has them).
       Comparisons: float32's order of the widened values is the order of a byte key per
       value (its rank among the type's values, equal values one key, NaN key 0), so
       each chunk's keys are two 256-entry look-ups (wnp_lut) and the comparison one of
       bytes. */

    #define WNP_PAIR_SLOTS 32                /* tables at most: 32 x 128 KB = 4 MB */
    #define WNP_PAIR_BUILD ((Py_ssize_t)65536)   /* a call of fewer elements never builds */
    #define WNP_KEYS (-1)                    /* the op of a type's comparison keys */
    typedef struct {
        const float* vt;     /* the type's 256 values (narrow.byte_tables: one per type) */
        int op;              /* WNP_ADD .. WNP_DIV, or WNP_KEYS */
        unsigned flags;      /* every flag some pair raises (0: no pair raises one) */
        uint8_t* tab;        /* 65536 uint16: result | flags << 8; WNP_KEYS: 256 keys */
    } wnp_pair_t;
    static wnp_pair_t wnp_pairs[WNP_PAIR_SLOTS];
    /* the vt of every float16 unary table (wnp_t16_put): their op is the caller's key */
    static const float wnp_t16_tag[1] = {0.0f};
    #define WNP_T16_BYTES ((Py_ssize_t)(131072 + 65536))   /* 65536 results, flag bytes */
    static int wnp_npairs = 0;
    static int wnp_pair_on = 1;
    static volatile float wnp_pair_sink;

    /* whether calls use (and build) the tables (on < 0: unchanged); returns it */
    static int wnp_set_pairs(int on) { if (on >= 0) wnp_pair_on = on != 0; return wnp_pair_on; }
    /* the bytes the tables hold now */
    static Py_ssize_t wnp_pair_bytes(void) {
        Py_ssize_t b = 0;
        int i;
        for (i = 0; i < wnp_npairs; i++)
            b += wnp_pairs[i].vt == wnp_t16_tag ? WNP_T16_BYTES
                 : wnp_pairs[i].op == WNP_KEYS ? 256 : 131072 + 64;
        return b;
    }

    static const wnp_pair_t* wnp_pair_find(int op, const float* vt) {
        int i;
        for (i = 0; i < wnp_npairs; i++)
            if (wnp_pairs[i].vt == vt && wnp_pairs[i].op == op) return &wnp_pairs[i];
        return NULL;
    }

    /* A type's comparison keys: 1 + how many distinct values of the type are below the
       value (equal values, -0 and 0 too, get one key; a < b exactly when key(a) <
       key(b)), NaN 0; NULL when a key would pass 255. */
    static uint8_t* wnp_keys_build(const float* vt) {
        uint8_t* k = (uint8_t*)malloc(256);
        uint8_t first[256];   /* the first byte of its value */
        int v, u;
        if (k == NULL) return NULL;
        for (u = 0; u < 256; u++) {
            first[u] = 1;
            for (v = 0; v < u; v++) if (vt[v] == vt[u]) { first[u] = 0; break; }
        }
        for (v = 0; v < 256; v++) {
            int below = 0;
            if (vt[v] != vt[v]) { k[v] = 0; continue; }
            for (u = 0; u < 256; u++) below += first[u] & (vt[u] < vt[v]);
            if (below >= 255) { free(k); return NULL; }
            k[v] = (uint8_t)(below + 1);
        }
        return k;
    }

    /* (op, type)'s table (comparisons: the type's keys), built when the call is large
       enough (keys: always) and a slot is free.  Called with the GIL held (the only
       writer; the loops read with it released, after: the GIL orders the writes
       before), so two threads never build at once. */
    static void wnp_pair_prepare(int op, int kind, const float* vt, const uint8_t* rt,
                                 int shift, Py_ssize_t n) {
        uint8_t* tab;
        float a[256], d[256], r1;
        unsigned all = 0;
        int x, v;
        if (op >= WNP_EQ && op < WNP_NOPS) op = WNP_KEYS;
        else if (op < WNP_ADD || op > WNP_DIV) return;
        if (!wnp_pair_on || vt == NULL || wnp_pair_find(op, vt) != NULL
                || (op != WNP_KEYS && n < WNP_PAIR_BUILD) || wnp_npairs >= WNP_PAIR_SLOTS)
            return;
        if (op == WNP_KEYS) {
            tab = wnp_keys_build(vt);
        } else {
            uint8_t r[256];
            uint16_t* t16;
            tab = (uint8_t*)calloc(131072u + 64u, 1);   /* + 64: the gathers read 4 bytes */
            t16 = (uint16_t*)tab;
            for (x = 0; tab != NULL && x < 256; x++) {
                for (v = 0; v < 256; v++) a[v] = vt[x];
                wnp_op(op, a, vt, d, NULL, 256, 0.0f, 0.0f);
                wnp_out(0, kind, d, (char*)r, 256, rt, shift);
                for (v = 0; v < 256; v++) {
                    /* + - * / raise a flag only with a NaN, infinite, zero or subnormal
                       result (or one at float32's least normal): only those pairs are
                       computed again, watching the flags */
                    float m = WNP_F_ABS(d[v]);
                    unsigned f = 0;
                    if (!(m > 1.17549435e-38f && m <= 3.40282347e+38f)) {
                        wnp_fp_clear();
                        wnp_op(op, a + v, vt + v, &r1, NULL, 1, 0.0f, 0.0f);
                        wnp_pair_sink = r1;   /* used: the operation is not left out */
                        f = wnp_fp_test(15u);
                    }
                    t16[x * 256 + v] = (uint16_t)(r[v] | (f << 8));   /* result, flags */
                    all |= f;
                }
            }
        }
        if (tab == NULL) return;   /* no table: the chunked loop computes it */
        wnp_pairs[wnp_npairs].vt = vt;
        wnp_pairs[wnp_npairs].op = op;
        wnp_pairs[wnp_npairs].flags = all;
        wnp_pairs[wnp_npairs].tab = tab;
        wnp_npairs++;
    }

    /* o[i] = the result byte of t[x[i] << 8 | y[i]] for i in i..e (o may be x or y: each
       element is read before it is written); returns the OR of their flag bytes */
    WNP_INLINE unsigned wnp_pair_look(const uint8_t* x, const uint8_t* y, uint8_t* o,
                                      Py_ssize_t i, Py_ssize_t e,
                                      const uint16_t* WNP_RESTRICT t) {
        unsigned any = 0;
        for (; i < e; i++) {
            unsigned v = t[((unsigned)x[i] << 8) | y[i]];
            o[i] = (uint8_t)v;
            any |= v;
        }
        return any >> 8;
    }

    #ifdef WNP_X86_F16C
    /* The same with AVX-512 gathers: 16 pairs a step, each gather reading 4 bytes at the
       pair's 2-byte entry (the table has 64 bytes after its end), its low byte the result,
       the next its flags. */
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
    static unsigned wnp_pair_look512(const uint8_t* x, const uint8_t* y, uint8_t* o,
                                     Py_ssize_t i, Py_ssize_t e, const uint16_t* t) {
        __m512i acc = _mm512_setzero_si512();
        for (; i + 16 <= e; i += 16) {
            __m512i a = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(x + i)));
            __m512i b = _mm512_cvtepu8_epi32(_mm_loadu_si128((const __m128i*)(y + i)));
            __m512i g = _mm512_i32gather_epi32(_mm512_or_si512(_mm512_slli_epi32(a, 8), b),
                                               (const void*)t, 2);
            _mm_storeu_si128((__m128i*)(o + i), _mm512_cvtepi32_epi8(g));
            acc = _mm512_or_si512(acc, g);
        }
        return (((unsigned)_mm512_reduce_or_epi32(acc) >> 8) & 0xffu)
               | wnp_pair_look(x, y, o, i, e, t);
    }

    /* The same with AVX2 gathers: 16 pairs a step in two gathers of 8, the results' bytes
       packed by a byte shuffle. */
    __attribute__((target("avx2")))
    static unsigned wnp_pair_look256(const uint8_t* x, const uint8_t* y, uint8_t* o,
                                     Py_ssize_t i, Py_ssize_t e, const uint16_t* t) {
        const __m256i pick = _mm256_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1,
                                              -1, -1, -1, -1, 0, 4, 8, 12, -1, -1, -1, -1,
                                              -1, -1, -1, -1, -1, -1, -1, -1);
        __m256i acc = _mm256_setzero_si256();
        unsigned any;
        for (; i + 16 <= e; i += 16) {
            __m256i a0 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(x + i)));
            __m256i b0 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(y + i)));
            __m256i a1 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(x + i + 8)));
            __m256i b1 = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i*)(y + i + 8)));
            __m256i g0 = _mm256_i32gather_epi32((const int*)t,
                                                _mm256_or_si256(_mm256_slli_epi32(a0, 8), b0), 2);
            __m256i g1 = _mm256_i32gather_epi32((const int*)t,
                                                _mm256_or_si256(_mm256_slli_epi32(a1, 8), b1), 2);
            acc = _mm256_or_si256(acc, _mm256_or_si256(g0, g1));
            g0 = _mm256_shuffle_epi8(g0, pick);
            g1 = _mm256_shuffle_epi8(g1, pick);
            _mm_storeu_si128((__m128i*)(o + i), _mm_unpacklo_epi64(
                _mm_unpacklo_epi32(_mm256_castsi256_si128(g0), _mm256_extracti128_si256(g0, 1)),
                _mm_unpacklo_epi32(_mm256_castsi256_si128(g1), _mm256_extracti128_si256(g1, 1))));
        }
        acc = _mm256_or_si256(acc, _mm256_srli_si256(acc, 8));
        acc = _mm256_or_si256(acc, _mm256_srli_si256(acc, 4));
        any = (unsigned)(_mm256_extract_epi32(acc, 0) | _mm256_extract_epi32(acc, 4));
        return ((any >> 8) & 0xffu) | wnp_pair_look(x, y, o, i, e, t);
    }
    #endif

    WNP_INLINE unsigned wnp_pair_read(int vec, const uint8_t* x, const uint8_t* y, uint8_t* o,
                                      Py_ssize_t i, Py_ssize_t e, const uint16_t* t) {
    #ifdef WNP_X86_F16C
        if (vec == 2) return wnp_pair_look512(x, y, o, i, e, t);
        if (vec) return wnp_pair_look256(x, y, o, i, e, t);
    #endif
        return wnp_pair_look(x, y, o, i, e, t);
    }

    /* Elements start..n of op(x, y), two one-byte arrays, by the cached table or keys (-1
       when there are none: the chunked loop runs).  A chunk holding a pair whose
       operation raises a flag in mask is left unwritten (returned), as the chunked loop
       leaves it. */
    WNP_INLINE Py_ssize_t wnp_fused_pair(int vec, int op, const uint8_t* x, const uint8_t* y,
                                         uint8_t* out, Py_ssize_t start, Py_ssize_t n,
                                         const float* vt, unsigned mask) {
        const wnp_pair_t* p;
        Py_ssize_t s, k, i;
        if (!wnp_pair_on) return -1;
        if (op >= WNP_EQ) {
            uint8_t kx[WNP_CHUNK], ky[WNP_CHUNK];
            uint8_t* WNP_RESTRICT o = out;
            /* the portable level: two byte look-ups an element are slower than the
               chunked loop's widening (measured): it keeps that loop */
            p = vec ? wnp_pair_find(WNP_KEYS, vt) : NULL;
            if (p == NULL) return -1;
            for (s = start; s < n; s += k) {
                k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
                wnp_lut(vec, x + s, kx, k, p->tab);
                wnp_lut(vec, y + s, ky, k, p->tab);
                o = out + s;
                /* NaN's key 0: ordered comparisons false, != true */
                switch (op) {
                case WNP_EQ: for (i = 0; i < k; i++) o[i] = (kx[i] == ky[i]) & (kx[i] != 0); break;
                case WNP_NE: for (i = 0; i < k; i++) o[i] = (kx[i] != ky[i]) | (kx[i] == 0); break;
                case WNP_LT: for (i = 0; i < k; i++) o[i] = (kx[i] < ky[i]) & (kx[i] != 0); break;
                case WNP_LE: for (i = 0; i < k; i++) o[i] = (kx[i] <= ky[i]) & (kx[i] != 0); break;
                case WNP_GT: for (i = 0; i < k; i++) o[i] = (kx[i] > ky[i]) & (ky[i] != 0); break;
                default: for (i = 0; i < k; i++) o[i] = (kx[i] >= ky[i]) & (ky[i] != 0); break;
                }
            }
            return n;
        }
        p = wnp_pair_find(op, vt);
        if (p == NULL) return -1;
        if (!(p->flags & mask)) {   /* no pair raises a watched flag: straight into out */
            wnp_pair_read(vec, x, y, out, start, n, (const uint16_t*)p->tab);
            return n;
        }
        for (s = start; s < n; s += k) {   /* each chunk into buf, out when it raised none */
            uint8_t buf[WNP_CHUNK];
            k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
            if (wnp_pair_read(vec, x + s, y + s, buf, 0, k, (const uint16_t*)p->tab) & mask)
                return s;
            memcpy(out + s, buf, (size_t)k);
        }
        return n;
    }

    /* -- float16 unary ops by table (issue 24, the AVX2 level) --
       NumPy's float16 exp, log, sin, ... are scalar loops below AVX-512 (half to float,
       libm, float to half); a float16 has 65536 bit patterns, so narrow.py computes NumPy's
       own loop on all of them once and stores the results and each one's flags here, in
       a slot of the pair tables' cache (at most WNP_PAIR_SLOTS tables in all).  A copy is
       made; called with the GIL held (the only writer).  1 when the table is there, 0 when
       no slot or memory is left (NumPy's loop stays). */
    static int wnp_t16_put(int key, const uint16_t* vals, const uint8_t* flags, unsigned all) {
        uint8_t* tab;
        if (wnp_pair_find(key, wnp_t16_tag) != NULL) return 1;
        if (wnp_npairs >= WNP_PAIR_SLOTS) return 0;
        tab = (uint8_t*)malloc((size_t)WNP_T16_BYTES);
        if (tab == NULL) return 0;
        memcpy(tab, vals, 131072u);
        memcpy(tab + 131072, flags, 65536u);
        wnp_pairs[wnp_npairs].vt = wnp_t16_tag;
        wnp_pairs[wnp_npairs].op = key;
        wnp_pairs[wnp_npairs].flags = all;
        wnp_pairs[wnp_npairs].tab = tab;
        wnp_npairs++;
        return 1;
    }

    /* dst[i] = table key's result for src[i], i < n: 0 done; 1 when a chunk holds a value
       whose flags meet mask (dst written up to it: the caller runs NumPy's loop on all);
       -1 when there is no such table.  dst may be src. */
    static int wnp_t16_look(int key, const uint16_t* src, uint16_t* dst, Py_ssize_t n,
                            unsigned mask) {
        const wnp_pair_t* p = wnp_pair_find(key, wnp_t16_tag);
        const uint16_t* WNP_RESTRICT t;
        const uint8_t* WNP_RESTRICT f;
        Py_ssize_t s, k, i;
        if (p == NULL) return -1;
        t = (const uint16_t*)p->tab;
        f = p->tab + 131072;
        mask &= p->flags;
        for (s = 0; s < n; s += k) {
            k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
            if (mask) {
                unsigned any = 0;
                for (i = 0; i < k; i++) any |= f[src[s + i]];
                if (any & mask) return 1;
            }
            for (i = 0; i < k; i++) dst[s + i] = t[src[s + i]];
        }
        return 0;
    }

    /* -- the one-byte types' unary ops by table (issue 24) --
       A one-byte value has 256 bit patterns, so narrow.py computes today's blocks (widen,
       NumPy's float32 loop, round back) on all of them once per (ufunc, type), with each
       pattern's floating-point flags, and a call is a look-up by wnp_lut (pshufb/vpermi2b
       at the SIMD levels).  dst[i] = vals[src[i]], i < n: 0 done; 1 when a chunk holds a
       value whose flags meet mask (dst written up to it: the caller runs the blocks on
       all).  vals, flags: 256 bytes each. */
    static int wnp_b8_look(const uint8_t* src, uint8_t* dst, Py_ssize_t n,
                           const uint8_t* vals, const uint8_t* flags, unsigned mask) {
        uint8_t bad[256], hit[WNP_CHUNK];
        Py_ssize_t s, k, i;
        int v, vec, anybad = 0;
        if (wnp_avx2 < 0) wnp_check_avx2();
        vec = wnp_avx2;
        for (v = 0; v < 256; v++) {
            bad[v] = (flags[v] & mask) != 0;
            anybad |= bad[v];
        }
        for (s = 0; s < n; s += k) {
            k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
            if (anybad) {
                uint8_t any = 0;
                wnp_lut(vec, src + s, hit, k, bad);
                for (i = 0; i < k; i++) any |= hit[i];
                if (any) return 1;
            }
            wnp_lut(vec, src + s, dst + s, k, vals);
        }
        return 0;
    }

    /* op of one value v and the scalar c (lo, hi: clip's bounds), as wnp_op computes it */
    #define WNP_OP_SWITCH(LOOP) \
        switch (op) { \
        case WNP_ADD: LOOP(v + c); break; \
        case WNP_SUB: LOOP(v - c); break; \
        case WNP_MUL: LOOP(v * c); break; \
        case WNP_DIV: LOOP(v / c); break; \
        case WNP_SQRT: LOOP(WNP_F_SQRT(v)); break; \
        case WNP_NEG: LOOP(-v); break; \
        case WNP_ABS: LOOP(WNP_F_ABS(v)); break; \
        case WNP_RINT: LOOP(WNP_F_RINT(v)); break; \
        case WNP_FLOOR: LOOP(WNP_F_FLOOR(v)); break; \
        case WNP_CEIL: LOOP(WNP_F_CEIL(v)); break; \
        case WNP_TRUNC: LOOP(WNP_F_TRUNC(v)); break; \
        case WNP_CLIP: LOOP(wnp_clip1(v, lo, hi)); break; \
        }

    #ifdef WNP_X86_F16C
    /* The AVX-512 part of wnp_fused_bf16 for + - * / by a scalar: 32 values a register,
       widened by interleaving with zeros (each bfloat16 the top half of its float32),
       rounded as wnp_f2bf and packed back in the same order; returns how many it did
       (mask: see below; *stop set when it stopped at a register that raised a flag). */
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq")))
    static Py_ssize_t wnp_bf16_avx512(int op, int rev, const uint16_t* p, const uint16_t* q,
                                      uint16_t* d, Py_ssize_t k, float c, unsigned mask,
                                      int* stop) {
        Py_ssize_t i = 0;
        const __m512i zero = _mm512_setzero_si512(), one = _mm512_set1_epi32(1);
        const __m512i bias = _mm512_set1_epi32(0x7fff), sign = _mm512_set1_epi32(0x8000);
        const __m512i qnan = _mm512_set1_epi32(0x7fc0);
        const __m512 cv = _mm512_set1_ps(c);
        __m512i rs[2];
        int j;
        for (; i + 32 <= k; i += 32) {
            __m512i v = _mm512_loadu_si512(p + i);
            __m512 ab[2], qb[2];
            ab[0] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(zero, v));
            ab[1] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(zero, v));
            if (q != NULL) {   /* a second array (a + b): its register for c */
                __m512i w = _mm512_loadu_si512(q + i);
                qb[0] = _mm512_castsi512_ps(_mm512_unpacklo_epi16(zero, w));
                qb[1] = _mm512_castsi512_ps(_mm512_unpackhi_epi16(zero, w));
            } else {
                qb[0] = qb[1] = cv;
            }
            for (j = 0; j < 2; j++) {
                __m512 r, o = qb[j];
                __m512i f;
                switch (op) {
                /* rev: the scalar first (c - x), in the chunked loop's operand order */
                case WNP_ADD: r = rev ? _mm512_add_ps(o, ab[j]) : _mm512_add_ps(ab[j], o); break;
                case WNP_SUB: r = rev ? _mm512_sub_ps(o, ab[j]) : _mm512_sub_ps(ab[j], o); break;
                case WNP_MUL: r = rev ? _mm512_mul_ps(o, ab[j]) : _mm512_mul_ps(ab[j], o); break;
                default: r = rev ? _mm512_div_ps(o, ab[j]) : _mm512_div_ps(ab[j], o); break;
                }
                f = _mm512_castps_si512(r);
                rs[j] = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(f, bias),
                    _mm512_and_si512(_mm512_srli_epi32(f, 16), one)), 16);
                /* one class test a register: NaN (quiet, signalling) or inf results.
                   mask: the flags watched since the caller cleared them; only a NaN or
                   inf result comes with invalid, divide or overflow (underflow: the
                   caller does not ask), so a register holding one checks the flags and
                   stops here, unwritten, when it raised a watched one */
                if (_mm512_fpclass_ps_mask(r, 0x99)) {
                    __mmask16 nan;
                    if (mask) {
                        __asm__ volatile("" : : "v"(r) : "memory");   /* r before the test */
                        if (wnp_fp_test(mask)) { *stop = 1; return i; }
                    }
                    nan = _mm512_fpclass_ps_mask(r, 0x81);   /* quiet or signalling NaN */
                    if (nan)
                        rs[j] = _mm512_mask_mov_epi32(rs[j], nan, _mm512_or_si512(qnan,
                            _mm512_and_si512(_mm512_srli_epi32(f, 16), sign)));
                }
            }
            _mm512_storeu_si512(d + i, _mm512_packus_epi32(rs[0], rs[1]));
        }
        return i;
    }

    /* The same with AVX2 (decision 88): 16 values a register (the unpacks and the pack
       work within each 128-bit half: the order comes back as it was), the NaN and inf
       results found by comparing their bits with float32's largest finite value; one loop
       per op, operand order and second operand (WNP_B2_LOOP: no branch but the test). */
    #define WNP_B2_OP(OPS, R, X, Y) (R ? OPS(Y, X) : OPS(X, Y))
    #define WNP_B2_LOOP(OPS, R, Q) \
        for (; i + 16 <= k; i += 16) { \
            __m256i v = _mm256_loadu_si256((const __m256i*)(p + i)), f0, f1, a0, a1, sp; \
            __m256 q0 = cv, q1 = cv, r0, r1; \
            if (Q) { \
                __m256i w = _mm256_loadu_si256((const __m256i*)(q + i)); \
                q0 = _mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, w)); \
                q1 = _mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, w)); \
            } \
            r0 = WNP_B2_OP(OPS, R, _mm256_castsi256_ps(_mm256_unpacklo_epi16(zero, v)), q0); \
            r1 = WNP_B2_OP(OPS, R, _mm256_castsi256_ps(_mm256_unpackhi_epi16(zero, v)), q1); \
            f0 = _mm256_castps_si256(r0); f1 = _mm256_castps_si256(r1); \
            rs[0] = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(f0, bias), \
                _mm256_and_si256(_mm256_srli_epi32(f0, 16), one)), 16); \
            rs[1] = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(f1, bias), \
                _mm256_and_si256(_mm256_srli_epi32(f1, 16), one)), 16); \
            a0 = _mm256_and_si256(f0, absmask); a1 = _mm256_and_si256(f1, absmask); \
            sp = _mm256_or_si256(_mm256_cmpgt_epi32(a0, maxf), _mm256_cmpgt_epi32(a1, maxf)); \
            if (!_mm256_testz_si256(sp, sp)) { \
                if (mask) { \
                    __asm__ volatile("" : : "x"(r0), "x"(r1) : "memory"); \
                    if (wnp_fp_test(mask)) { *stop = 1; return i; } \
                } \
                rs[0] = _mm256_blendv_epi8(rs[0], _mm256_or_si256(qnan, _mm256_and_si256( \
                    _mm256_srli_epi32(f0, 16), sign)), _mm256_cmpgt_epi32(a0, inf)); \
                rs[1] = _mm256_blendv_epi8(rs[1], _mm256_or_si256(qnan, _mm256_and_si256( \
                    _mm256_srli_epi32(f1, 16), sign)), _mm256_cmpgt_epi32(a1, inf)); \
            } \
            _mm256_storeu_si256((__m256i*)(d + i), _mm256_packus_epi32(rs[0], rs[1])); \
        }
    #define WNP_B2_CASES(R, Q) \
        switch (op) { \
        case WNP_ADD: WNP_B2_LOOP(_mm256_add_ps, R, Q) break; \
        case WNP_SUB: WNP_B2_LOOP(_mm256_sub_ps, R, Q) break; \
        case WNP_MUL: WNP_B2_LOOP(_mm256_mul_ps, R, Q) break; \
        default: WNP_B2_LOOP(_mm256_div_ps, R, Q) break; \
        }
    __attribute__((target("avx2")))
    static Py_ssize_t wnp_bf16_avx2(int op, int rev, const uint16_t* p, const uint16_t* q,
                                    uint16_t* d, Py_ssize_t k, float c, unsigned mask,
                                    int* stop) {
        Py_ssize_t i = 0;
        const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1);
        const __m256i bias = _mm256_set1_epi32(0x7fff), sign = _mm256_set1_epi32(0x8000);
        const __m256i qnan = _mm256_set1_epi32(0x7fc0), absmask = _mm256_set1_epi32(0x7fffffff);
        const __m256i maxf = _mm256_set1_epi32(0x7f7fffff), inf = _mm256_set1_epi32(0x7f800000);
        const __m256 cv = _mm256_set1_ps(c);
        __m256i rs[2];
        if (q != NULL) WNP_B2_CASES(0, 1)   /* a second array: never rev */
        else if (rev) WNP_B2_CASES(1, 0)
        else WNP_B2_CASES(0, 0)
        return i;
    }
    #undef WNP_B2_CASES
    #undef WNP_B2_LOOP
    #undef WNP_B2_OP
    #endif

    /* bfloat16 x (an array) op the scalar *ys (or unary, or clip), converted, computed and
       rounded in one pass per chunk; in place (out is x), a chunk is written through h
       (a chunk left for NumPy's loop stays unchanged; the loop's pointers do not alias).
       + - * / with AVX2 or AVX-512: wnp_direct16 instead, unless underflow is watched. */
    WNP_INLINE Py_ssize_t wnp_fused_bf16(int vec, int op, const uint16_t* x, const float* ys,
            uint16_t* out, Py_ssize_t start, Py_ssize_t n, unsigned mask, float lo,
            float hi) {
        uint16_t h[WNP_CHUNK];
        const float c = ys != NULL ? *ys : 0.0f;
        const int via = (const uint16_t*)out == x;
        Py_ssize_t s, k, i, i0 = 0;
        (void)vec;
        for (s = start; s < n; s += k) {
            const uint16_t* WNP_RESTRICT p = x + s;
            uint16_t* WNP_RESTRICT dst = via ? h : out + s;
            k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
            if (mask) wnp_fp_clear();
    #ifdef WNP_X86_F16C
            if (vec == 2 && op <= WNP_DIV) i0 = wnp_bf16_avx512(op, 0, p, NULL, dst, k, c, 0, NULL);
    #endif
            #define WNP_BF_LOOP(E) for (i = i0; i < k; i++) { \
                float v = wnp_float(((uint32_t)p[i]) << 16); dst[i] = wnp_f2bf(wnp_bits(E)); }
            WNP_OP_SWITCH(WNP_BF_LOOP)
            #undef WNP_BF_LOOP
            if (mask && wnp_fp_test(mask)) return s;
            if (via) memcpy(out + s, h, (size_t)k * 2u);
        }
        return n;
    }

    #ifdef WNP_X86_F16C
    /* float16 x (an array) op the scalar *ys (+ - * /) with AVX-512, 16 values a register,
       straight into out (in place too).  A register with no inf or NaN input whose results
       all stay below 65520 raises no flag but inexact and underflow (float16's blocks run
       only when underflow is ignored: narrow.blocked) and is stored as it is; a group of
       16 with an inf or NaN input, or a result that rounds to at least 65520, is done by
       wnp_h2f and wnp_f2h into t (NumPy's bits) and stored unless a finite result
       overflowed or a flag in mask was raised (the flags are cleared once: no group
       stored before it raised one): then it stays unwritten and its index is returned,
       as the chunked loop returns a chunk's. */
    #define WNP_H_ONE(E) { float v = wnp_h2f(p[j]), w = q != NULL ? wnp_h2f(q[j]) : c; \
                           t[j - i] = wnp_f2h(wnp_bits(E), &over); }
    #define WNP_H_SLOW(E, END) { \
            for (j = i; j < (END); j++) WNP_H_ONE(E) \
            if (over || (mask && wnp_fp_test(mask))) return i; \
            memcpy(out + i, t, (size_t)((END) - i) * 2u); \
        }
    #define WNP_H_LOOP(OPV, E) \
        for (i = start; i + 16 <= n; i += 16) { \
            __m256i hv = _mm256_loadu_si256((const __m256i*)(p + i)), qv = hv; \
            __mmask16 sp = _mm256_cmpeq_epi16_mask(_mm256_and_si256(hv, expo), expo); \
            if (q != NULL) { \
                qv = _mm256_loadu_si256((const __m256i*)(q + i)); \
                sp |= _mm256_cmpeq_epi16_mask(_mm256_and_si256(qv, expo), expo); \
            } \
            if (!sp) { \
                __m512 f = _mm512_cvtph_ps(hv), g = q != NULL ? _mm512_cvtph_ps(qv) : cv; \
                __m512 r = OPV; \
                if (!_mm512_cmpgt_epi32_mask(_mm512_and_si512(_mm512_castps_si512(r), \
                                                               absmask), limit)) { \
                    _mm256_storeu_si256((__m256i*)(out + i), \
                                        _mm512_cvtps_ph(r, _MM_FROUND_TO_NEAREST_INT)); \
                    continue; \
                } \
            } \
            WNP_H_SLOW(E, i + 16) \
        } \
        if (i < n) WNP_H_SLOW(E, n)
    __attribute__((target("avx2,f16c,avx512f,avx512bw,avx512vl,avx512dq")))
    static Py_ssize_t wnp_fused_f16(int op, int rev, const uint16_t* x, const uint16_t* q,
            const float* ys, uint16_t* out, Py_ssize_t start, Py_ssize_t n, unsigned mask) {
        uint16_t t[16];
        const uint16_t* p = x;
        const float c = q != NULL ? 0.0f : *ys;
        const __m512 cv = _mm512_set1_ps(c);
        const __m256i expo = _mm256_set1_epi16(0x7c00);
        const __m512i absmask = _mm512_set1_epi32(0x7fffffff);
        const __m512i limit = _mm512_set1_epi32(0x477fefff);   /* below 65520 */
        Py_ssize_t i, j;
        int over = 0;
        if (mask) wnp_fp_clear();
        switch (op + (rev ? 4 : 0)) {   /* rev: the scalar first (c - x) */
        case WNP_ADD: WNP_H_LOOP(_mm512_add_ps(f, g), v + w) break;
        case WNP_SUB: WNP_H_LOOP(_mm512_sub_ps(f, g), v - w) break;
        case WNP_MUL: WNP_H_LOOP(_mm512_mul_ps(f, g), v * w) break;
        case WNP_DIV: WNP_H_LOOP(_mm512_div_ps(f, g), v / w) break;
        case WNP_ADD + 4: WNP_H_LOOP(_mm512_add_ps(g, f), w + v) break;
        case WNP_SUB + 4: WNP_H_LOOP(_mm512_sub_ps(g, f), w - v) break;
        case WNP_MUL + 4: WNP_H_LOOP(_mm512_mul_ps(g, f), w * v) break;
        default: WNP_H_LOOP(_mm512_div_ps(g, f), w / v) break;
        }
        return n;
    }
    #undef WNP_H_LOOP

    /* The same with AVX2 and F16C (decision 88): 16 values an iteration in two registers,
       the inf/NaN inputs found by a 16-bit compare, the results at or beyond 65520 (and
       NaN) by a 32-bit one; those groups of 16 take WNP_H_SLOW as above.  One loop per op,
       operand order (R: the scalar first) and second operand (Q: an array): no branch in
       the loop but the tests. */
    #define WNP_H2_HALF(OPS, R, Q, H, G, RES) { \
            __m256 f_ = _mm256_cvtph_ps(H), g_ = Q ? _mm256_cvtph_ps(G) : cv; \
            RES = R ? OPS(g_, f_) : OPS(f_, g_); \
        }
    #define WNP_H2_LOOP(OPS, SOP, R, Q) \
        for (i = start; i + 16 <= n; i += 16) { \
            __m256i hv = _mm256_loadu_si256((const __m256i*)(p + i)), qv = hv, big; \
            __m256i sp = _mm256_cmpeq_epi16(_mm256_and_si256(hv, expo), expo); \
            if (Q) { \
                qv = _mm256_loadu_si256((const __m256i*)(q + i)); \
                sp = _mm256_or_si256(sp, _mm256_cmpeq_epi16(_mm256_and_si256(qv, expo), expo)); \
            } \
            if (_mm256_testz_si256(sp, sp)) { \
                __m256 r0, r1; \
                WNP_H2_HALF(OPS, R, Q, _mm256_castsi256_si128(hv), \
                            _mm256_castsi256_si128(qv), r0) \
                WNP_H2_HALF(OPS, R, Q, _mm256_extracti128_si256(hv, 1), \
                            _mm256_extracti128_si256(qv, 1), r1) \
                big = _mm256_or_si256( \
                    _mm256_cmpgt_epi32(_mm256_and_si256(_mm256_castps_si256(r0), absmask), limit), \
                    _mm256_cmpgt_epi32(_mm256_and_si256(_mm256_castps_si256(r1), absmask), limit)); \
                if (_mm256_testz_si256(big, big)) { \
                    _mm256_storeu_si256((__m256i*)(out + i), _mm256_set_m128i( \
                        _mm256_cvtps_ph(r1, _MM_FROUND_TO_NEAREST_INT), \
                        _mm256_cvtps_ph(r0, _MM_FROUND_TO_NEAREST_INT))); \
                    continue; \
                } \
            } \
            WNP_H_SLOW((R ? w SOP v : v SOP w), i + 16) \
        } \
        if (i < n) WNP_H_SLOW((R ? w SOP v : v SOP w), n)
    #define WNP_H2_CASES(R, Q) \
        switch (op) { \
        case WNP_ADD: WNP_H2_LOOP(_mm256_add_ps, +, R, Q) break; \
        case WNP_SUB: WNP_H2_LOOP(_mm256_sub_ps, -, R, Q) break; \
        case WNP_MUL: WNP_H2_LOOP(_mm256_mul_ps, *, R, Q) break; \
        default: WNP_H2_LOOP(_mm256_div_ps, /, R, Q) break; \
        }
    __attribute__((target("avx2,f16c")))
    static Py_ssize_t wnp_fused_f16_avx2(int op, int rev, const uint16_t* x, const uint16_t* q,
            const float* ys, uint16_t* out, Py_ssize_t start, Py_ssize_t n, unsigned mask) {
        uint16_t t[16];
        const uint16_t* p = x;
        const float c = q != NULL ? 0.0f : *ys;
        const __m256 cv = _mm256_set1_ps(c);
        const __m256i expo = _mm256_set1_epi16(0x7c00);
        const __m256i absmask = _mm256_set1_epi32(0x7fffffff);
        const __m256i limit = _mm256_set1_epi32(0x477fefff);   /* below 65520 */
        Py_ssize_t i, j;
        int over = 0;
        if (mask) wnp_fp_clear();
        if (q != NULL) WNP_H2_CASES(0, 1)   /* a second array: never rev */
        else if (rev) WNP_H2_CASES(1, 0)
        else WNP_H2_CASES(0, 0)
        return n;
    }
    #undef WNP_H2_CASES
    #undef WNP_H2_HALF
    #undef WNP_H2_LOOP
    #undef WNP_H_SLOW
    #undef WNP_H_ONE
    #endif

    #ifdef WNP_X86_F16C
    /* bfloat16 or float16 p op q (two arrays), p op *c or, rev, *c op p (+ - * /, AVX2
       or AVX-512) straight into out, or -1 when neither loop applies (bfloat16 with
       underflow watched: a finite result can raise it; float16 without F16C).  bfloat16's
       loop leaves the last < 32 (AVX2: < 16) values to the chunked loop: -1 with *next
       moved there. */
    WNP_INLINE Py_ssize_t wnp_direct16(int vec, int kind, int op, int rev, const uint16_t* p,
            const uint16_t* q, const float* c, uint16_t* out, Py_ssize_t start, Py_ssize_t n,
            unsigned mask, Py_ssize_t* next) {
        if (kind == WNP_BF16 && !(mask & 8u)) {
            int stop = 0;
            Py_ssize_t s;
            if (mask) wnp_fp_clear();
            s = start + (vec == 2 ? wnp_bf16_avx512 : wnp_bf16_avx2)(
                op, rev, p + start, q != NULL ? q + start : NULL, out + start, n - start,
                c != NULL ? *c : 0.0f, mask, &stop);
            if (!stop && s < n) { *next = s; return -1; }
            return s;
        }
        if (kind == WNP_F16) {
            if (wnp_f16c < 0) wnp_set_f16c(-1);
            if (wnp_f16c)
                return (vec == 2 ? wnp_fused_f16 : wnp_fused_f16_avx2)(op, rev, p, q, c, out,
                                                                      start, n, mask);
        }
        return -1;
    }
    #endif

    /* The one-pass loops above for this call, or -1 when none applies (the chunked loop
       below runs it, from *next: a one-pass loop may leave it the last < 32 values):
       bfloat16 and float16 + - * / with AVX2 or AVX-512 (wnp_direct16: two arrays, or an array
       and a scalar on either side), bfloat16's other ops with the array first (not a
       comparison), the one-byte types with one array operand (a table of the 256
       results). */
    WNP_INLINE Py_ssize_t wnp_fused_one(int vec, int op, int kind, const char* x,
            const char* y, const float* xs, const float* ys, char* out, Py_ssize_t start,
            Py_ssize_t n, const float* vt, const uint8_t* rt, int shift, unsigned mask,
            int keep, float lo, float hi, Py_ssize_t* next) {
        if (x == NULL && y == NULL) return -1;
        if (kind == WNP_BYTE || kind == WNP_BYTEA) {
            if (x != NULL && y != NULL)
                return wnp_fused_pair(vec, op, (const uint8_t*)x, (const uint8_t*)y, (uint8_t*)out,
                                      start, n, vt, mask);
            return wnp_fused_lut(vec, op, kind, (const uint8_t*)(x != NULL ? x : y), y != NULL,
                                 xs, ys, out, start, n, vt, rt, shift, mask, lo, hi);
        }
        if (op >= WNP_EQ) return -1;
    #ifdef WNP_X86_F16C
        if (vec && op <= WNP_DIV) {
            Py_ssize_t s = wnp_direct16(vec, kind, op, x == NULL, (const uint16_t*)(x != NULL ? x : y),
                                        (const uint16_t*)(x != NULL ? y : NULL),
                                        x == NULL ? xs : ys, (uint16_t*)out, start, n, mask,
                                        next);
            if (s >= 0 || *next != start) return s;
        }
    #endif
        if (x == NULL || y != NULL) return -1;
        if (kind == WNP_BF16)
            return wnp_fused_bf16(vec, op, (const uint16_t*)x, ys, (uint16_t*)out, start, n, mask,
                                  lo, hi);
        return -1;
    }

    /* Elements start..n of op(x, y) (y unused by a unary op) into out: x, y narrow arrays
       of kind, or NULL for a scalar operand given as the float32 *xs, *ys; out of x's
       type, or bool for a comparison.  Returns the index of the first chunk not written
       (n when all are): a chunk whose operation raised a flag in mask (NumPy's loop then
       runs it, with its warning) or whose float16 rounding overflowed.  keep: out is x
       (in place) and a float16 chunk that overflows must stay unwritten. */
    WNP_INLINE Py_ssize_t wnp_fused_impl(int vec, int op, int kind, const char* x,
            const char* y, const float* xs, const float* ys, char* out, Py_ssize_t start,
            Py_ssize_t n, Py_ssize_t isz, const float* vt, const uint8_t* rt, int shift,
            unsigned mask, int keep) {
        float a[WNP_CHUNK], b[WNP_CHUNK], d[WNP_CHUNK];
        uint16_t h[WNP_CHUNK];
        Py_ssize_t s, k, i;
        int cmp = op >= WNP_EQ;
        float lo = 0.0f, hi = 0.0f;
        if (op == WNP_CLIP) { lo = ys[0]; hi = ys[1]; ys = NULL; }   /* the bounds */
        s = wnp_fused_one(vec, op, kind, x, y, xs, ys, out, start, n, vt, rt, shift, mask,
                          keep, lo, hi, &start);
        if (s >= 0) return s;
        if (x == NULL) for (i = 0; i < WNP_CHUNK; i++) a[i] = *xs;
        if (y == NULL && ys != NULL) for (i = 0; i < WNP_CHUNK; i++) b[i] = *ys;
        for (s = start; s < n; s += k) {
            k = n - s < WNP_CHUNK ? n - s : WNP_CHUNK;
            if (x != NULL) wnp_in(vec, kind, x + s * isz, a, k, vt);
            if (y != NULL) wnp_in(vec, kind, y + s * isz, b, k, vt);
            if (cmp) { wnp_op(op, a, b, d, (uint8_t*)out + s, k, lo, hi); continue; }
            if (mask) wnp_fp_clear();
            wnp_op(op, a, b, d, NULL, k, lo, hi);
            if (mask && wnp_fp_test(mask)) return s;
            if (kind == WNP_F16 && keep) {
                if (wnp_out(vec, kind, d, (char*)h, k, rt, shift)) return s;
                memcpy(out + s * isz, h, (size_t)k * 2u);
            } else if (wnp_out(vec, kind, d, out + s * isz, k, rt, shift)) {
                return s;
            }
        }
        return n;
    }

    #ifdef WNP_X86_F16C
    #define WNP_FUSED_CLONE(name, target, vec) \
    target static Py_ssize_t name(int op, int kind, const char* x, const char* y, \
            const float* xs, const float* ys, char* out, Py_ssize_t start, Py_ssize_t n, \
            Py_ssize_t isz, const float* vt, const uint8_t* rt, int shift, unsigned mask, \
            int keep) { \
        return wnp_fused_impl(vec, op, kind, x, y, xs, ys, out, start, n, isz, vt, rt, \
                              shift, mask, keep); \
    }
    WNP_FUSED_CLONE(wnp_fused_avx2, WNP_T256, 1)
    WNP_FUSED_CLONE(wnp_fused_avx512, WNP_T512, 2)
    #endif

    static Py_ssize_t wnp_fused(int op, int kind, const char* x, const char* y,
            const float* xs, const float* ys, char* out, Py_ssize_t start, Py_ssize_t n,
            Py_ssize_t isz, const float* vt, const uint8_t* rt, int shift, unsigned mask,
            int keep) {
        if (op < 0 || op >= WNP_NOPS) return start;
        if (wnp_avx2 < 0) wnp_check_avx2();
    #ifdef WNP_X86_F16C
        if (wnp_avx2 == 2)
            return wnp_fused_avx512(op, kind, x, y, xs, ys, out, start, n, isz, vt, rt, shift,
                                    mask, keep);
        if (wnp_avx2)
            return wnp_fused_avx2(op, kind, x, y, xs, ys, out, start, n, isz, vt, rt, shift,
                                  mask, keep);
    #endif
        return wnp_fused_impl(0, op, kind, x, y, xs, ys, out, start, n, isz, vt, rt, shift,
                              mask, keep);
    }
    """
    int wnp_set_f16c(int on)
    int wnp_set_simd(int level)
    int wnp_set_pairs(int on)
    Py_ssize_t wnp_pair_bytes()
    int wnp_t16_put(int key, const unsigned short* vals, const unsigned char* flags,
                    unsigned int all)
    int wnp_t16_look(int key, const unsigned short* src, unsigned short* dst, Py_ssize_t n,
                     unsigned int mask) nogil
    int wnp_b8_look(const unsigned char* src, unsigned char* dst, Py_ssize_t n,
                    const unsigned char* vals, const unsigned char* flags,
                    unsigned int mask) nogil
    void wnp_pair_prepare(int op, int kind, const float* vt, const unsigned char* rt, int shift,
                          Py_ssize_t n)
    void wnp_to_f32(int kind, const char* src, float* dst, Py_ssize_t n, const float* table)
    int wnp_from_f32(int kind, const float* src, char* dst, Py_ssize_t n,
                     const unsigned char* table, int shift)
    Py_ssize_t wnp_fused(int op, int kind, const char* x, const char* y, const float* xs,
                         const float* ys, char* out, Py_ssize_t start, Py_ssize_t n,
                         Py_ssize_t isz, const float* vt, const unsigned char* rt, int shift,
                         unsigned int mask, int keep) nogil

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


cdef inline Py_ssize_t fused(int op, int kind, object x, object y, object xs, object ys,
                             object out, Py_ssize_t start, Py_ssize_t n, Py_ssize_t isz,
                             object values, object rounding, int shift, unsigned int mask,
                             bint keep) except -1:
    # x, y: flat C-contiguous arrays of n narrow values, or None for a scalar operand
    # (xs, ys: float32 0-d; ys None for a unary op); out: n results (checked by ``blocked``)
    cdef float xv = 0
    cdef float yv[2]
    cdef const char* xp = NULL
    cdef const char* yp = NULL
    cdef const float* xsp = NULL
    cdef const float* ysp = NULL
    cdef char* op_ = PyArray_BYTES(<PyArrayObject*>out)
    cdef const float* vt = NULL
    cdef const unsigned char* rt = NULL
    cdef Py_ssize_t r
    if x is None:
        xv = float(xs)
        xsp = &xv
    else:
        xp = PyArray_BYTES(<PyArrayObject*>x)
    if y is not None:
        yp = PyArray_BYTES(<PyArrayObject*>y)
    elif type(ys) is tuple:   # clip's bounds
        yv[0] = ys[0]
        yv[1] = ys[1]
        ysp = yv
    elif ys is not None:
        yv[0] = float(ys)
        ysp = yv
    if values is not None:
        vt = <const float*>PyArray_BYTES(<PyArrayObject*>values)
        rt = <const unsigned char*>PyArray_BYTES(<PyArrayObject*>rounding)
        if xp != NULL and yp != NULL:
            # two one-byte arrays: (op, type)'s pair table, built here with the GIL held
            wnp_pair_prepare(op, kind, vt, rt, shift, n - start)
    with nogil:
        r = wnp_fused(op, kind, xp, yp, xsp, ysp, op_, start, n, isz, vt, rt, shift, mask, keep)
    return r


cdef inline int t16_put(int key, object vals, object flags, unsigned int all) except -1:
    # vals: 65536 uint16, flags: 65536 uint8, both C-contiguous (checked by ``_t16_key``)
    return wnp_t16_put(key, <const unsigned short*>PyArray_BYTES(<PyArrayObject*>vals),
                       <const unsigned char*>PyArray_BYTES(<PyArrayObject*>flags), all)


cdef inline int t16_look(int key, object src, object dst, Py_ssize_t n,
                         unsigned int mask) except -2:
    # src, dst: n float16 values, C-contiguous and aligned (checked by ``by_table``)
    cdef const unsigned short* sp = <const unsigned short*>PyArray_BYTES(<PyArrayObject*>src)
    cdef unsigned short* dp = <unsigned short*>PyArray_BYTES(<PyArrayObject*>dst)
    cdef int r
    with nogil:
        r = wnp_t16_look(key, sp, dp, n, mask)
    return r


cdef inline int b8_look(object src, object dst, Py_ssize_t n, object vals, object flags,
                       unsigned int mask) except -2:
    # src, dst: n one-byte values, C-contiguous; vals, flags: 256 uint8 each (checked by
    # ``by_byte_table``)
    cdef const unsigned char* sp = <const unsigned char*>PyArray_BYTES(<PyArrayObject*>src)
    cdef unsigned char* dp = <unsigned char*>PyArray_BYTES(<PyArrayObject*>dst)
    cdef const unsigned char* vp = <const unsigned char*>PyArray_BYTES(<PyArrayObject*>vals)
    cdef const unsigned char* fp = <const unsigned char*>PyArray_BYTES(<PyArrayObject*>flags)
    cdef int r
    with nogil:
        r = wnp_b8_look(sp, dp, n, vp, fp, mask)
    return r


@cython.locals(n=Py_ssize_t, s=Py_ssize_t, k=Py_ssize_t, blk=Py_ssize_t, over=int, kind=int, shift=int,
               isz=Py_ssize_t, osz=Py_ssize_t, cap=Py_ssize_t, xa=bint, ya=bint, binary=bint, to_bool=bint,
               keep=bint, ready=bint, fop=int, mask=cython.uint)
cpdef object blocked(object ufunc, object x, object y, tuple spec, bint inplace=*)


# -- reductions (issue 24): NumPy's float32 summation order over narrow input, in C --
cdef extern from *:
    """
    #include <fenv.h>

    /* what a reduction does to each widened value first (narrow.FOLD_*) */
    #define WNP_FOLD_PLAIN 0
    #define WNP_FOLD_NAN 1   /* a NaN becomes the value (nansum: 0, nanprod: 1) */
    #define WNP_FOLD_DEV 2   /* (x - value) * (x - value), two float32 roundings (var) */
    #define WNP_FOLD_NANDEV 3   /* FOLD_DEV with a NaN read as 0 and its square as 0 (nanvar) */
    #define WNP_FOLD_NANDEV16 4   /* FOLD_NANDEV on a float16 copy (NumPy's nanvar of float16):
                                     the deviation and its square each rounded to float16 */
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

    /* b[n] (n <= 128) rounded to float16 and widened back, NumPy's casts' bits; a finite
       value rounded to inf raises FE_OVERFLOW (NumPy's cast and float16 multiply flag it) */
    static void wnp_round16(float* b, Py_ssize_t n) {
        uint16_t h[WNP_PW_BLOCK];
        if (wnp_from_f32(WNP_F16, b, (char*)h, n, NULL, 0)) feraiseexcept(FE_OVERFLOW);
        wnp_to_f32(WNP_F16, (const char*)h, b, n, NULL);
    }

    /* FOLD_NANDEV16 on n widened values b (in place), the mean v or, vals not NULL, one
       per value: NumPy's nanvar on its float16 copy -- NaN read as 0, x - mean in float32
       rounded to float16, the NaN places 0 again, squared (exact in float32) and rounded
       to float16 -- 128 values at a time. */
    static void wnp_dev16(float* b, const float* vals, float v, Py_ssize_t n) {
        Py_ssize_t lo, i, k;
        unsigned char nan[WNP_PW_BLOCK];
        for (lo = 0; lo < n; lo += WNP_PW_BLOCK) {
            float* c = b + lo;
            const wnp_u32a* u = (const wnp_u32a*)c;
            k = n - lo < WNP_PW_BLOCK ? n - lo : WNP_PW_BLOCK;
            for (i = 0; i < k; i++) {
                int z = (u[i] & 0x7fffffffu) > 0x7f800000u;
                nan[i] = (unsigned char)z;
                c[i] = (z ? 0.0f : c[i]) - (vals ? vals[lo + i] : v);
            }
            wnp_round16(c, k);
            for (i = 0; i < k; i++) {
                float d = nan[i] ? 0.0f : c[i];
                c[i] = d * d;
            }
            wnp_round16(c, k);
        }
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
        if (how == WNP_FOLD_NAN) {   /* branch-free, a local count: vectorised */
            wnp_u32a* u = (wnp_u32a*)b;
            const uint32_t vb = wnp_bits(v);
            Py_ssize_t c = 0;
            for (i = 0; i < n; i++) {
                uint32_t x = u[i], nan = (x & 0x7fffffffu) > 0x7f800000u;
                c += nan;
                u[i] = nan ? vb : x;
            }
            *nans += c;
        } else if (how == WNP_FOLD_DEV) {
            for (i = 0; i < n; i++) { float d = b[i] - v; b[i] = d * d; }
        } else if (how == WNP_FOLD_NANDEV) {   /* NumPy's nanvar: arr - avg with NaN read
                                                 as 0, the NaN places set to 0, squared */
            const wnp_u32a* u = (const wnp_u32a*)b;
            for (i = 0; i < n; i++) {
                int nan = (u[i] & 0x7fffffffu) > 0x7f800000u;
                float d = (nan ? 0.0f : b[i]) - v;
                d = nan ? 0.0f : d;
                b[i] = d * d;
            }
        } else if (how == WNP_FOLD_NANDEV16) {
            wnp_dev16(b, NULL, v, n);
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

    #ifdef WNP_X86_F16C
    /* 8 float16/bfloat16 values at p (the lanes of m; the others read as 0) widened in a
       register, wnp_to_f32's bits (float16's inf/NaN lanes from their bits, as above) */
    WNP_T512 static inline __attribute__((always_inline)) __m256 wnp_w8_512(
            int kind, const char* p, __mmask8 m) {
        __m128i h = _mm_maskz_loadu_epi16(m, p);
        if (kind == WNP_BF16)
            return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(h), 16));
        {
            const __m128i expo = _mm_set1_epi16(0x7c00);
            __mmask8 sp = _mm_cmpeq_epi16_mask(_mm_and_si128(h, expo), expo);
            __m256 f;
            __m256i w, bits;
            if (!sp) return _mm256_cvtph_ps(h);
            f = _mm256_cvtph_ps(_mm_maskz_mov_epi16((__mmask8)~sp, h));
            w = _mm256_cvtepu16_epi32(h);
            bits = _mm256_or_si256(_mm256_or_si256(
                _mm256_slli_epi32(_mm256_and_si256(w, _mm256_set1_epi32(0x8000)), 16),
                _mm256_set1_epi32(0x7f800000)),
                _mm256_slli_epi32(_mm256_and_si256(w, _mm256_set1_epi32(0x3ff)), 13));
            return _mm256_mask_mov_ps(f, sp, _mm256_castsi256_ps(bits));
        }
    }

    /* wnp_fold_in's transform of the lanes of m (the others stay 0, raising no flag) */
    WNP_T512 static inline __attribute__((always_inline)) __m256 wnp_tr8_512(
            int how, __m256 x, float v, __mmask8 m, Py_ssize_t* nans) {
        if (how == WNP_FOLD_NAN) {
            __mmask8 nan = _mm256_cmpgt_epi32_mask(
                _mm256_and_si256(_mm256_castps_si256(x), _mm256_set1_epi32(0x7fffffff)),
                _mm256_set1_epi32(0x7f800000));
            *nans += __builtin_popcount((unsigned)nan);
            return _mm256_mask_mov_ps(x, nan, _mm256_set1_ps(v));
        }
        if (how == WNP_FOLD_DEV) {
            __m256 d = _mm256_maskz_sub_ps(m, x, _mm256_set1_ps(v));
            return _mm256_maskz_mul_ps(m, d, d);
        }
        if (how == WNP_FOLD_NANDEV) {   /* a NaN lane's 0 - v is exact, flagless: skipped */
            __mmask8 nan = _mm256_cmpgt_epi32_mask(
                _mm256_and_si256(_mm256_castps_si256(x), _mm256_set1_epi32(0x7fffffff)),
                _mm256_set1_epi32(0x7f800000));
            __m256 d = _mm256_maskz_sub_ps((__mmask8)(m & ~nan), x, _mm256_set1_ps(v));
            return _mm256_maskz_mul_ps(m, d, d);
        }
        return x;
    }

    /* wnp_pairwise's leaf (n <= 128 values) for float16/bfloat16 in registers: its 8
       lanes are one ymm of running sums, each 8 values widened straight into it -- the
       same float32 operations in the same order, so its bits. */
    WNP_T512 static inline __attribute__((always_inline)) float wnp_leaf_body_512(
            const int kind, const int how, const char* src, Py_ssize_t n, float v,
            Py_ssize_t* nans) {
        float t[8], res;
        Py_ssize_t i, j, end = n - (n % 8);
        __m256 r;
        if (n < 8) {
            __mmask8 m = (__mmask8)((1u << n) - 1u);
            _mm256_storeu_ps(t, wnp_tr8_512(how, wnp_w8_512(kind, src, m), v, m, nans));
            res = -0.0f;
            for (j = 0; j < n; j++) res += t[j];
            return res;
        }
        r = wnp_tr8_512(how, wnp_w8_512(kind, src, 0xff), v, 0xff, nans);
        for (i = 8; i < end; i += 8)
            r = _mm256_add_ps(r, wnp_tr8_512(how, wnp_w8_512(kind, src + 2 * i, 0xff), v,
                                             0xff, nans));
        _mm256_storeu_ps(t, r);
        res = ((t[0] + t[1]) + (t[2] + t[3])) + ((t[4] + t[5]) + (t[6] + t[7]));
        if (end < n) {
            __mmask8 m = (__mmask8)((1u << (n - end)) - 1u);
            _mm256_storeu_ps(t, wnp_tr8_512(how, wnp_w8_512(kind, src + 2 * end, m), v, m,
                                            nans));
            for (j = 0; j < n - end; j++) res += t[j];
        }
        return res;
    }

    #define WNP_LEAFC(K, H) case (K) * 4 + (H): \
        return wnp_leaf_body_512(K, H, src, n, v, nans);
    WNP_T512 static float wnp_leaf_512(int kind, int how, const char* src, Py_ssize_t n,
                                       float v, Py_ssize_t* nans) {
        switch (kind * 4 + how) {
            WNP_LEAFC(WNP_F16, 0) WNP_LEAFC(WNP_F16, 1) WNP_LEAFC(WNP_F16, 2)
            WNP_LEAFC(WNP_F16, 3)
            WNP_LEAFC(WNP_BF16, 0) WNP_LEAFC(WNP_BF16, 1) WNP_LEAFC(WNP_BF16, 2)
            WNP_LEAFC(WNP_BF16, 3)
        }
        return 0.0f;   /* not reached: float16/bfloat16 only */
    }
    #undef WNP_LEAFC

    /* wnp_pairwise of float16/bfloat16 with wnp_leaf_512's leaves (the same splits) */
    WNP_T512 static float wnp_pairwise_512(int kind, const char* src, Py_ssize_t n, int how,
                                           float v, Py_ssize_t* nans) {
        Py_ssize_t n2;
        if (n <= WNP_PW_BLOCK) return wnp_leaf_512(kind, how, src, n, v, nans);
        n2 = n / 2;
        n2 -= n2 % 8;
        return wnp_pairwise_512(kind, src, n2, how, v, nans)
             + wnp_pairwise_512(kind, src + 2 * n2, n - n2, how, v, nans);
    }
    #endif

    /* wnp_pairwise, in registers where the clones are AVX-512's (float16 with F16C on) */
    static float wnp_pw(int kind, const char* src, Py_ssize_t n, Py_ssize_t isz,
                        const float* table, const uint16_t* hi16, int how, float v,
                        Py_ssize_t* nans) {
    #ifdef WNP_X86_F16C
        if (wnp_avx2 < 0) wnp_check_avx2();
        if (wnp_f16c < 0) wnp_set_f16c(-1);
        if (wnp_avx2 == 2 && how != WNP_FOLD_NANDEV16
                && (kind == WNP_BF16 || (kind == WNP_F16 && wnp_f16c)))
            return wnp_pairwise_512(kind, src, n, how, v, nans);
    #endif
        return wnp_pairwise(kind, src, n, isz, table, hi16, how, v, nans);
    }

    /* The float32 reduction of n narrow values as NumPy's np.add.reduce / np.multiply.reduce
       computes it from the initial value 0 / 1: add in one pairwise sum (a float32 array)
       or, chunk > 0, one per chunk of `chunk` values added in turn (NumPy's buffered cast);
       multiply in turn.  hi16: wnp_byte_halves' table, or NULL. */
    static float wnp_fold_h(int mul, int kind, const char* src, Py_ssize_t n, Py_ssize_t isz,
                            const float* table, const uint16_t* hi16, int how, float v,
                            Py_ssize_t chunk, Py_ssize_t* nans) {
        Py_ssize_t lo, k, i;
        float acc, b[WNP_PW_BLOCK];
        if (mul) {
            acc = 1.0f;
            for (lo = 0; lo < n; lo += WNP_PW_BLOCK) {
                k = n - lo < WNP_PW_BLOCK ? n - lo : WNP_PW_BLOCK;
                wnp_fold_in(kind, src + lo * isz, b, k, table, hi16, how, v, nans);
                for (i = 0; i < k; i++) acc *= b[i];
            }
            return acc;
        }
        if (chunk <= 0) return 0.0f + wnp_pw(kind, src, n, isz, table, hi16, how, v, nans);
        acc = 0.0f;
        for (lo = 0; lo < n; lo += chunk) {
            k = n - lo < chunk ? n - lo : chunk;
            acc += wnp_pw(kind, src + lo * isz, k, isz, table, hi16, how, v, nans);
        }
        return acc;
    }

    static float wnp_fold(int mul, int kind, const char* src, Py_ssize_t n, Py_ssize_t isz,
                          const float* table, int how, float v, Py_ssize_t chunk,
                          Py_ssize_t* nans) {
        uint16_t halves[256];
        const uint16_t* hi16 = NULL;
        if (kind == WNP_BYTE && wnp_byte_halves(table, halves)) hi16 = halves;
        return wnp_fold_h(mul, kind, src, n, isz, table, hi16, how, v, chunk, nans);
    }

    /* One widened row of k values b combined into the k running values acc, as NumPy's
       elementwise float32 add/multiply of a row into its reduction's output: b's values
       transformed first (how; FOLD_DEV's value per output from vals). */
    WNP_INLINE void wnp_combine(int mul, int how, float* WNP_RESTRICT acc,
                                const float* WNP_RESTRICT b, const float* WNP_RESTRICT vals,
                                Py_ssize_t k, float v) {
        Py_ssize_t j;
        const wnp_u32a* WNP_RESTRICT u = (const wnp_u32a*)b;
        if (how == WNP_FOLD_DEV) {
            for (j = 0; j < k; j++) { float d = b[j] - vals[j]; acc[j] += d * d; }
        } else if (how == WNP_FOLD_NANDEV) {   /* wnp_fold_in's, a mean per column */
            for (j = 0; j < k; j++) {
                int nan = (u[j] & 0x7fffffffu) > 0x7f800000u;
                float d = (nan ? 0.0f : b[j]) - vals[j];
                d = nan ? 0.0f : d;
                acc[j] += d * d;
            }
        } else if (how == WNP_FOLD_NAN) {   /* a NaN by its bits: no flag for a signalling one */
            if (mul) for (j = 0; j < k; j++) acc[j] *= (u[j] & 0x7fffffffu) > 0x7f800000u ? v : b[j];
            else for (j = 0; j < k; j++) acc[j] += (u[j] & 0x7fffffffu) > 0x7f800000u ? v : b[j];
        } else if (mul) {
            for (j = 0; j < k; j++) acc[j] *= b[j];
        } else {
            for (j = 0; j < k; j++) acc[j] += b[j];
        }
    }

    #ifdef WNP_X86_F16C
    WNP_T256 static void wnp_combine_avx2(int mul, int how, float* acc, const float* b,
                                          const float* vals, Py_ssize_t k, float v) {
        wnp_combine(mul, how, acc, b, vals, k, v);
    }
    WNP_T512 static void wnp_combine_avx512(int mul, int how, float* acc, const float* b,
                                            const float* vals, Py_ssize_t k, float v) {
        wnp_combine(mul, how, acc, b, vals, k, v);
    }
    #endif

    static void wnp_combine_any(int mul, int how, float* acc, const float* b, const float* vals,
                                Py_ssize_t k, float v) {
        if (how == WNP_FOLD_NANDEV16) {   /* add only: each value's float16 square, in turn */
            float t[WNP_PW_BLOCK];
            Py_ssize_t c, j, w;
            for (c = 0; c < k; c += WNP_PW_BLOCK) {
                w = k - c < WNP_PW_BLOCK ? k - c : WNP_PW_BLOCK;
                memcpy(t, b + c, (size_t)w * sizeof(float));
                wnp_dev16(t, vals + c, 0.0f, w);
                for (j = 0; j < w; j++) acc[c + j] += t[j];
            }
            return;
        }
    #ifdef WNP_X86_F16C
        if (wnp_avx2 == 2) { wnp_combine_avx512(mul, how, acc, b, vals, k, v); return; }
        if (wnp_avx2 == 1) { wnp_combine_avx2(mul, how, acc, b, vals, k, v); return; }
    #endif
        wnp_combine(mul, how, acc, b, vals, k, v);
    }

    #ifdef WNP_X86_F16C
    /* 32 narrow values at p (the lanes of m; the others read as 0, nothing read past them)
       widened into lo (the first 16) and hi, the bits of wnp_to_f32: bfloat16 shifted,
       float16 by vcvtph2ps with its inf/NaN lanes built from their bits (the instruction
       would quiet a signalling NaN and raise "invalid"), the one-byte types by
       wnp_bytes_avx512's 16-bit permutes of the table's top halves t[8]. */
    WNP_T512 static inline __attribute__((always_inline)) __m512 wnp_h16_512(__m256i h) {
        const __m256i expo = _mm256_set1_epi16(0x7c00);
        __mmask16 sp = _mm256_cmpeq_epi16_mask(_mm256_and_si256(h, expo), expo);
        __m512 f = _mm512_cvtph_ps(_mm256_maskz_mov_epi16((__mmask16)~sp, h));
        if (sp) {
            __m512i w = _mm512_cvtepu16_epi32(h);
            __m512i bits = _mm512_or_si512(_mm512_or_si512(
                _mm512_slli_epi32(_mm512_and_si512(w, _mm512_set1_epi32(0x8000)), 16),
                _mm512_set1_epi32(0x7f800000)),
                _mm512_slli_epi32(_mm512_and_si512(w, _mm512_set1_epi32(0x3ff)), 13));
            f = _mm512_mask_mov_ps(f, sp, _mm512_castsi512_ps(bits));
        }
        return f;
    }
    WNP_T512 static inline __attribute__((always_inline)) void wnp_w32_512(
            int kind, const char* p, __mmask32 m, const __m512i* t, __m512* lo, __m512* hi) {
        if (kind == WNP_BF16) {
            __m256i a = _mm256_maskz_loadu_epi16((__mmask16)m, p);
            __m256i b = _mm256_maskz_loadu_epi16((__mmask16)(m >> 16), p + 32);
            *lo = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(a), 16));
            *hi = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(b), 16));
        } else if (kind == WNP_F16) {   /* no inf or NaN among the 32 (usual): no blend */
            const __m512i expo = _mm512_set1_epi16(0x7c00);
            __m512i h = _mm512_maskz_loadu_epi16(m, p);
            if (!_mm512_cmpeq_epi16_mask(_mm512_and_si512(h, expo), expo)) {
                *lo = _mm512_cvtph_ps(_mm512_castsi512_si256(h));
                *hi = _mm512_cvtph_ps(_mm512_extracti64x4_epi64(h, 1));
            } else {
                *lo = wnp_h16_512(_mm512_castsi512_si256(h));
                *hi = wnp_h16_512(_mm512_extracti64x4_epi64(h, 1));
            }
        } else {
            const __m512i b6 = _mm512_set1_epi16(64), b7 = _mm512_set1_epi16(128);
            __m512i idx = _mm512_cvtepu8_epi16(_mm256_maskz_loadu_epi8(m, p));
            __mmask32 m6 = _mm512_test_epi16_mask(idx, b6), m7 = _mm512_test_epi16_mask(idx, b7);
            __m512i l = _mm512_mask_blend_epi16(m6, _mm512_permutex2var_epi16(t[0], idx, t[1]),
                                                _mm512_permutex2var_epi16(t[2], idx, t[3]));
            __m512i h = _mm512_mask_blend_epi16(m6, _mm512_permutex2var_epi16(t[4], idx, t[5]),
                                                _mm512_permutex2var_epi16(t[6], idx, t[7]));
            __m512i r = _mm512_mask_blend_epi16(m7, l, h);
            *lo = _mm512_castsi512_ps(_mm512_slli_epi32(
                _mm512_cvtepu16_epi32(_mm512_castsi512_si256(r)), 16));
            *hi = _mm512_castsi512_ps(_mm512_slli_epi32(
                _mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(r, 1)), 16));
        }
    }

    /* One widened value x (16 lanes) of column block vs (FOLD_DEV's means) combined into
       acc as wnp_combine does it: the same float32 operations, in the same order. */
    WNP_T512 static inline __attribute__((always_inline)) __m512 wnp_step_512(
            int mul, int how, __m512 acc, __m512 x, __m512 vv, const float* vals, __mmask16 m) {
        if (how == WNP_FOLD_DEV) {
            __m512 d = _mm512_sub_ps(x, _mm512_maskz_loadu_ps(m, vals));
            return _mm512_add_ps(acc, _mm512_mul_ps(d, d));
        }
        if (how == WNP_FOLD_NANDEV) {   /* wnp_combine's: a NaN lane adds 0 */
            __mmask16 nan = _mm512_cmpgt_epi32_mask(
                _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x7fffffff)),
                _mm512_set1_epi32(0x7f800000));
            __m512 d = _mm512_maskz_sub_ps((__mmask16)~nan, x, _mm512_maskz_loadu_ps(m, vals));
            return _mm512_add_ps(acc, _mm512_mul_ps(d, d));
        }
        if (how == WNP_FOLD_NAN) {   /* a NaN by its bits: no flag for a signalling one */
            __mmask16 nan = _mm512_cmpgt_epi32_mask(
                _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(0x7fffffff)),
                _mm512_set1_epi32(0x7f800000));
            x = _mm512_mask_mov_ps(x, nan, vv);
        }
        return mul ? _mm512_mul_ps(acc, x) : _mm512_add_ps(acc, x);
    }

    #define WNP_AXIS_TILE 128   /* columns a pass keeps in registers (8 x 16 lanes) */

    /* wnp_axis for Q >= 2 in one pass in registers (AVX-512): a block of up to 128 columns
       at a time, each row's values widened 32 at a time and added (multiplied) straight
       into the running values, which start at the identity and take their R values in
       turn -- wnp_combine's operations in its order, so its bits.  The lanes past Q are
       masked: never read, never stored, their arithmetic on zeros raises no flag. */
    WNP_T512 static inline __attribute__((always_inline)) void wnp_axis_body_512(
            const int mul, const int kind, const int how, const char* src, Py_ssize_t P,
            Py_ssize_t R, Py_ssize_t Q, Py_ssize_t isz, const __m512i* t, float v,
            const float* vals, float* out) {
        Py_ssize_t p, r, c;
        int u;
        const __m512 id = _mm512_set1_ps(mul ? 1.0f : 0.0f), vv = _mm512_set1_ps(v);
        for (p = 0; p < P; p++) {
            for (c = 0; c < Q; c += WNP_AXIS_TILE) {
                __m512 a[8], x0, x1;
                __mmask32 m[4];
                Py_ssize_t w = Q - c < WNP_AXIS_TILE ? Q - c : WNP_AXIS_TILE;
                const char* s = src + (p * R * Q + c) * isz;
                const float* vv0 = vals ? vals + p * Q + c : NULL;
                float* o = out + p * Q + c;
                for (u = 0; u < 8; u++) a[u] = id;
                for (u = 0; u < 4; u++) {
                    Py_ssize_t rem = w - 32 * u;
                    m[u] = rem >= 32 ? 0xffffffffu : rem <= 0 ? 0u : (__mmask32)((1u << rem) - 1u);
                }
                for (r = 0; r < R; r++, s += Q * isz) {
                    #pragma GCC unroll 4
                    for (u = 0; u < 4; u++) {
                        if (!m[u]) break;
                        wnp_w32_512(kind, s + 32 * u * isz, m[u], t, &x0, &x1);
                        a[2 * u] = wnp_step_512(mul, how, a[2 * u], x0, vv,
                                                vv0 + 32 * u, (__mmask16)m[u]);
                        a[2 * u + 1] = wnp_step_512(mul, how, a[2 * u + 1], x1, vv,
                                                    vv0 + 32 * u + 16, (__mmask16)(m[u] >> 16));
                    }
                }
                for (u = 0; u < 4; u++) {
                    _mm512_mask_storeu_ps(o + 32 * u, (__mmask16)m[u], a[2 * u]);
                    _mm512_mask_storeu_ps(o + 32 * u + 16, (__mmask16)(m[u] >> 16), a[2 * u + 1]);
                }
            }
        }
    }

    #define WNP_AXC(K, M, H) case (K) * 8 + (M) * 4 + (H): \
        wnp_axis_body_512(M, K, H, src, P, R, Q, isz, t, v, vals, out); break;
    WNP_T512 static void wnp_axis_512(int mul, int kind, const char* src, Py_ssize_t P,
                                      Py_ssize_t R, Py_ssize_t Q, Py_ssize_t isz,
                                      const uint16_t* hi16, int how, float v,
                                      const float* vals, float* out) {
        __m512i t[8];
        int i;
        for (i = 0; i < 8; i++)
            t[i] = hi16 ? _mm512_loadu_si512(hi16 + 32 * i) : _mm512_setzero_si512();
        switch (kind * 8 + (mul ? 4 : 0) + how) {   /* FOLD_NANDEV: add only (nanvar) */
            WNP_AXC(WNP_F16, 0, 0) WNP_AXC(WNP_F16, 0, 1) WNP_AXC(WNP_F16, 0, 2)
            WNP_AXC(WNP_F16, 0, 3)
            WNP_AXC(WNP_F16, 1, 0) WNP_AXC(WNP_F16, 1, 1) WNP_AXC(WNP_F16, 1, 2)
            WNP_AXC(WNP_BF16, 0, 0) WNP_AXC(WNP_BF16, 0, 1) WNP_AXC(WNP_BF16, 0, 2)
            WNP_AXC(WNP_BF16, 0, 3)
            WNP_AXC(WNP_BF16, 1, 0) WNP_AXC(WNP_BF16, 1, 1) WNP_AXC(WNP_BF16, 1, 2)
            WNP_AXC(WNP_BYTE, 0, 0) WNP_AXC(WNP_BYTE, 0, 1) WNP_AXC(WNP_BYTE, 0, 2)
            WNP_AXC(WNP_BYTE, 0, 3)
            WNP_AXC(WNP_BYTE, 1, 0) WNP_AXC(WNP_BYTE, 1, 1) WNP_AXC(WNP_BYTE, 1, 2)
        }
    }
    #undef WNP_AXC
    #endif

    #define WNP_AXIS_COLS 1024

    /* The float32 reduction over the middle axis of narrow values laid out (P, R, Q),
       C-contiguous, into out[P * Q], in NumPy's order on the float32 array (its iterator
       keeps the memory order): Q == 1, each output is one wnp_fold of its run of R values
       (pairwise, or in turn; chunk as wnp_fold's); Q >= 2, each output starts at the
       identity and takes its R values in turn (NumPy's elementwise add/multiply of each
       row into the output), a block of rows or of columns widened at a time.  how and v as
       wnp_fold's, except FOLD_DEV, whose value for each output is in vals. */
    static void wnp_axis(int mul, int kind, const char* src, Py_ssize_t P, Py_ssize_t R,
                         Py_ssize_t Q, Py_ssize_t isz, const float* table, int how, float v,
                         const float* vals, Py_ssize_t chunk, float* out) {
        Py_ssize_t p, q, r, c, k, rows, i, nans = 0;
        float b[WNP_AXIS_COLS];
        uint16_t halves[256];
        const uint16_t* hi16 = NULL;
        if (kind == WNP_BYTE && wnp_byte_halves(table, halves)) hi16 = halves;
        if (Q == 1) {
            for (p = 0; p < P; p++)
                out[p] = wnp_fold_h(mul, kind, src + p * R * isz, R, isz, table, hi16, how,
                                    how >= WNP_FOLD_DEV ? vals[p] : v, chunk, &nans);
            return;
        }
        if (wnp_avx2 < 0) wnp_check_avx2();
        if (wnp_f16c < 0) wnp_set_f16c(-1);
    #ifdef WNP_X86_F16C
        if (wnp_avx2 == 2 && how != WNP_FOLD_NANDEV16
                && (kind == WNP_BF16 || (kind == WNP_F16 && wnp_f16c) || hi16)) {
            wnp_axis_512(mul, kind, src, P, R, Q, isz, hi16, how, v, vals, out);
            return;
        }
    #endif
        for (p = 0; p < P; p++) {
            const char* s = src + p * R * Q * isz;
            float* o = out + p * Q;
            const float* vv = vals ? vals + p * Q : NULL;
            for (q = 0; q < Q; q++) o[q] = mul ? 1.0f : 0.0f;
            if (Q <= WNP_AXIS_COLS) {   /* whole rows, as many as fill the buffer */
                rows = WNP_AXIS_COLS / Q;
                for (r = 0; r < R; r += rows) {
                    k = R - r < rows ? R - r : rows;
                    wnp_fold_in(kind, s + r * Q * isz, b, k * Q, table, hi16, WNP_FOLD_PLAIN,
                                0.0f, &nans);
                    for (i = 0; i < k; i++) wnp_combine_any(mul, how, o, b + i * Q, vv, Q, v);
                }
            } else {   /* a block of columns through every row, in turn */
                for (c = 0; c < Q; c += WNP_AXIS_COLS) {
                    k = Q - c < WNP_AXIS_COLS ? Q - c : WNP_AXIS_COLS;
                    for (r = 0; r < R; r++) {
                        wnp_fold_in(kind, s + (r * Q + c) * isz, b, k, table, hi16,
                                    WNP_FOLD_PLAIN, 0.0f, &nans);
                        wnp_combine_any(mul, how, o + c, b, vv ? vv + c : NULL, k, v);
                    }
                }
            }
        }
    }

    /* The values that are not NaN among each output's R of wnp_axis's layout (P, R, Q),
       into cnt[P * Q] (NumPy's nan functions' sum(~isnan(a), axis, dtype=intp)), from the
       narrow bits: a value (isz 1 or 2 bytes, its bits x) is NaN when
       (x & am) - lo <= span, unsigned (every narrow type's NaNs are one such run).  The
       columns are counted in int32 tiles (the caller checks R < 2**31). */
    WNP_INLINE void wnp_count_body(const char* src, Py_ssize_t P, Py_ssize_t R, Py_ssize_t Q,
                                   Py_ssize_t isz, uint32_t am, uint32_t lo, uint32_t span,
                                   Py_ssize_t* cnt) {
        Py_ssize_t p, r, q, c, k;
        int32_t t[WNP_AXIS_COLS];
        for (p = 0; p < P; p++) {
            if (Q == 1) {
                int64_t n = 0;
                if (isz == 1) {
                    const uint8_t* s = (const uint8_t*)src + p * R;
                    for (r = 0; r < R; r++) n += (uint8_t)((s[r] & am) - lo) <= span;
                } else {
                    const uint16_t* s = (const uint16_t*)src + p * R;
                    for (r = 0; r < R; r++) n += (uint16_t)((s[r] & am) - lo) <= span;
                }
                cnt[p] = R - n;
                continue;
            }
            for (c = 0; c < Q; c += WNP_AXIS_COLS) {
                k = Q - c < WNP_AXIS_COLS ? Q - c : WNP_AXIS_COLS;
                for (q = 0; q < k; q++) t[q] = 0;
                for (r = 0; r < R; r++) {
                    if (isz == 1) {
                        const uint8_t* s = (const uint8_t*)src + (p * R + r) * Q + c;
                        for (q = 0; q < k; q++) t[q] += (uint8_t)((s[q] & am) - lo) <= span;
                    } else {
                        const uint16_t* s = (const uint16_t*)src + (p * R + r) * Q + c;
                        for (q = 0; q < k; q++) t[q] += (uint16_t)((s[q] & am) - lo) <= span;
                    }
                }
                for (q = 0; q < k; q++) cnt[p * Q + c + q] = R - t[q];
            }
        }
    }

    #ifdef WNP_X86_F16C
    WNP_T256 static void wnp_count_avx2(const char* src, Py_ssize_t P, Py_ssize_t R,
                                        Py_ssize_t Q, Py_ssize_t isz, uint32_t am, uint32_t lo,
                                        uint32_t span, Py_ssize_t* cnt) {
        wnp_count_body(src, P, R, Q, isz, am, lo, span, cnt);
    }
    #endif

    static void wnp_axis_count(const char* src, Py_ssize_t P, Py_ssize_t R, Py_ssize_t Q,
                               Py_ssize_t isz, uint32_t am, uint32_t lo, uint32_t span,
                               Py_ssize_t* cnt) {
        if (wnp_avx2 < 0) wnp_check_avx2();
    #ifdef WNP_X86_F16C
        if (wnp_avx2 >= 1) { wnp_count_avx2(src, P, R, Q, isz, am, lo, span, cnt); return; }
    #endif
        wnp_count_body(src, P, R, Q, isz, am, lo, span, cnt);
    }

    /* wnp_axis with the flags NumPy checks, as wnp_fold_flags */
    static int wnp_axis_flags(int mul, int kind, const char* src, Py_ssize_t P, Py_ssize_t R,
                              Py_ssize_t Q, Py_ssize_t isz, const float* table, int how,
                              float v, const float* vals, Py_ssize_t chunk, float* out) {
        int raised;
        feclearexcept(FE_INVALID | FE_OVERFLOW | FE_DIVBYZERO | FE_UNDERFLOW);
        wnp_axis(mul, kind, src, P, R, Q, isz, table, how, v, vals, chunk, out);
        raised = fetestexcept(FE_INVALID | FE_OVERFLOW | FE_DIVBYZERO | FE_UNDERFLOW);
        return ((raised & FE_INVALID) ? 1 : 0) | ((raised & FE_OVERFLOW) ? 2 : 0)
               | ((raised & FE_DIVBYZERO) ? 4 : 0) | ((raised & FE_UNDERFLOW) ? 8 : 0);
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
    int wnp_axis_flags(int mul, int kind, const char* src, Py_ssize_t P, Py_ssize_t R,
                       Py_ssize_t Q, Py_ssize_t isz, const float* table, int how, float v,
                       const float* vals, Py_ssize_t chunk, float* out)
    void wnp_axis_count(const char* src, Py_ssize_t P, Py_ssize_t R, Py_ssize_t Q,
                        Py_ssize_t isz, unsigned int am, unsigned int lo, unsigned int span,
                        Py_ssize_t* cnt)


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


cdef inline int axis32(bint mul, object src, Py_ssize_t P, Py_ssize_t R, Py_ssize_t Q, int kind,
                       object table, Py_ssize_t isz, int how, float value, object vals,
                       Py_ssize_t chunk, object out) except -1:
    # checked by the caller (``axis_fold``): src C-contiguous of the kind and P*R*Q values,
    # out (and vals for FOLD_DEV) float32 C-contiguous of P*Q values
    return wnp_axis_flags(mul, kind, PyArray_BYTES(<PyArrayObject*>src), P, R, Q, isz,
                          <const float*>PyArray_BYTES(<PyArrayObject*>table)
                          if table is not None else NULL, how, value,
                          <const float*>PyArray_BYTES(<PyArrayObject*>vals)
                          if vals is not None else NULL, chunk,
                          <float*>PyArray_BYTES(<PyArrayObject*>out))


cdef inline int count32(object src, Py_ssize_t P, Py_ssize_t R, Py_ssize_t Q, Py_ssize_t isz,
                        unsigned int am, unsigned int lo, unsigned int span,
                        object out) except -1:
    # checked by the caller (``count_axis``): src C-contiguous narrow of P*R*Q values of isz
    # bytes, R < 2**31, out intp C-contiguous of P*Q values
    wnp_axis_count(PyArray_BYTES(<PyArrayObject*>src), P, R, Q, isz, am, lo, span,
                   <Py_ssize_t*>PyArray_BYTES(<PyArrayObject*>out))
    return 0
# -- products (issue 24): einsum's float32 sum of products over narrow input, in C --
cdef extern from *:
    """
    #define WNP_SOP_TILE 256   /* values of a row widened at a time (a multiple of 16) */
    #define WNP_SOP_ROWS 4     /* rows summed side by side: independent dependency chains */
    static void wnp_sop_rows(int kind, const char* a, const char* b, Py_ssize_t astep,
                             Py_ssize_t bstep, Py_ssize_t rows, Py_ssize_t n, Py_ssize_t isz,
                             const float* table, float* out);

    /* acc[r][0..3] (R rows' four lanes) continued over k float32 values of each row (row r
       of a at a + r * as, of b at b + r * bs), in the order of NumPy's
       float_sum_of_products_contig_contig_outstride0_two as its baseline x86-64 build
       computes it (einsum_sumprod.c.src, 4 lanes, no FMA): each 16 values as
       ab3 = a3*b3 + acc, ab2 = a2*b2 + ab3, ab1 = a1*b1 + ab2, acc = a0*b0 + ab1 (four
       lanes each); at the end of the row (last) the rest 4 at a time, a short group's
       missing lanes zero.  The caller checks once that this NumPy sums so
       (narrow.einsum_order); where it does not, einsum itself runs. */
    WNP_INLINE void wnp_sop_tile(const float* a, const float* b, Py_ssize_t as,
                                 Py_ssize_t bs, const int R, Py_ssize_t k, int last,
                                 float acc[][4]) {
        Py_ssize_t i = 0;
        int r, l;
    #if defined(__SSE2__)
        __m128 v[WNP_SOP_ROWS];
        for (r = 0; r < R; r++) v[r] = _mm_loadu_ps(acc[r]);
        for (; i + 16 <= k; i += 16) {
            for (r = 0; r < R; r++) {
                const float* p = a + r * as + i;
                const float* q = b + r * bs + i;
                __m128 ab3 = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(p + 12), _mm_loadu_ps(q + 12)),
                                        v[r]);
                __m128 ab2 = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(p + 8), _mm_loadu_ps(q + 8)),
                                        ab3);
                __m128 ab1 = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(p + 4), _mm_loadu_ps(q + 4)),
                                        ab2);
                v[r] = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(p), _mm_loadu_ps(q)), ab1);
            }
        }
        for (r = 0; r < R; r++) _mm_storeu_ps(acc[r], v[r]);
    #else
        for (; i + 16 <= k; i += 16) {
            for (r = 0; r < R; r++) {
                const float* p = a + r * as + i;
                const float* q = b + r * bs + i;
                for (l = 0; l < 4; l++) {
                    float ab3 = p[12 + l] * q[12 + l] + acc[r][l];
                    float ab2 = p[8 + l] * q[8 + l] + ab3;
                    float ab1 = p[4 + l] * q[4 + l] + ab2;
                    acc[r][l] = p[l] * q[l] + ab1;
                }
            }
        }
    #endif
        if (!last) return;
        for (; i < k; i += 4) {
            for (r = 0; r < R; r++) {
                const float* p = a + r * as + i;
                const float* q = b + r * bs + i;
                for (l = 0; l < 4; l++) {
                    float ab = i + l < k ? p[l] * q[l] : 0.0f * 0.0f;
                    acc[r][l] = ab + acc[r][l];
                }
            }
        }
    }

    #ifdef WNP_X86_F16C
    /* wnp_sop_tile's order over R rows of float16 (bf 0, by F16C) or bfloat16 (bf 1, a
       shift) converted in registers: no tile.  A NaN input may come out with other
       payload bits than NumPy's cast gives it: its row sums to NaN, which the caller
       sums again by einsum (narrow.vecdot). */
    #define WNP_SOP_LD(p) (bf ? _mm_castsi128_ps(_mm_unpacklo_epi16(_mm_setzero_si128(), \
        _mm_loadl_epi64((const __m128i*)(p)))) : _mm_cvtph_ps(_mm_loadl_epi64( \
        (const __m128i*)(p))))
    __attribute__((target("f16c"))) WNP_INLINE
    void wnp_sop_direct_rows(const uint16_t* a, const uint16_t* b, Py_ssize_t as,
                             Py_ssize_t bs, const int R, const int bf, Py_ssize_t n,
                             float* out) {
        __m128 v[WNP_SOP_ROWS];
        float acc[4];
        Py_ssize_t i = 0;
        int r, l;
        for (r = 0; r < R; r++) v[r] = _mm_setzero_ps();
        for (; i + 16 <= n; i += 16) {
            for (r = 0; r < R; r++) {
                const uint16_t* p = a + r * as + i;
                const uint16_t* q = b + r * bs + i;
                __m128 ab3 = _mm_add_ps(_mm_mul_ps(WNP_SOP_LD(p + 12), WNP_SOP_LD(q + 12)), v[r]);
                __m128 ab2 = _mm_add_ps(_mm_mul_ps(WNP_SOP_LD(p + 8), WNP_SOP_LD(q + 8)), ab3);
                __m128 ab1 = _mm_add_ps(_mm_mul_ps(WNP_SOP_LD(p + 4), WNP_SOP_LD(q + 4)), ab2);
                v[r] = _mm_add_ps(_mm_mul_ps(WNP_SOP_LD(p), WNP_SOP_LD(q)), ab1);
            }
        }
        for (r = 0; r < R; r++) {
            const uint16_t* p = a + r * as;
            const uint16_t* q = b + r * bs;
            Py_ssize_t j;
            _mm_storeu_ps(acc, v[r]);
            for (j = i; j < n; j += 4) {
                for (l = 0; l < 4; l++) {
                    float ab = 0.0f * 0.0f;
                    if (j + l < n)
                        ab = bf ? wnp_float((uint32_t)p[j + l] << 16) * wnp_float(
                                 (uint32_t)q[j + l] << 16)
                                : wnp_h2f(p[j + l]) * wnp_h2f(q[j + l]);
                    acc[l] = ab + acc[l];
                }
            }
            out[r] = 0.0f + ((acc[0] + acc[1]) + (acc[2] + acc[3]));
        }
    }
    #undef WNP_SOP_LD

    /* wnp_sop_rows for float16 (when F16C is used) and bfloat16; 0 when not taken. */
    __attribute__((target("f16c")))
    static int wnp_sop_direct(int kind, const char* a, const char* b, Py_ssize_t astep,
                              Py_ssize_t bstep, Py_ssize_t rows, Py_ssize_t n, float* out) {
        const uint16_t* p = (const uint16_t*)a;
        const uint16_t* q = (const uint16_t*)b;
        Py_ssize_t r0, r;
        if (wnp_f16c < 0) wnp_set_f16c(-1);
        if (!(kind == WNP_BF16 || (kind == WNP_F16 && wnp_f16c == 1))) return 0;
        for (r0 = 0; r0 + WNP_SOP_ROWS <= rows; r0 += WNP_SOP_ROWS) {
            if (kind == WNP_BF16)
                wnp_sop_direct_rows(p + r0 * astep, q + r0 * bstep, astep, bstep,
                                    WNP_SOP_ROWS, 1, n, out + r0);
            else
                wnp_sop_direct_rows(p + r0 * astep, q + r0 * bstep, astep, bstep,
                                    WNP_SOP_ROWS, 0, n, out + r0);
        }
        for (r = r0; r < rows; r++) {
            if (kind == WNP_BF16)
                wnp_sop_direct_rows(p + r * astep, q + r * bstep, 0, 0, 1, 1, n, out + r);
            else
                wnp_sop_direct_rows(p + r * astep, q + r * bstep, 0, 0, 1, 0, n, out + r);
        }
        return 1;
    }
    #endif

    #ifdef WNP_X86_F16C
    /* The same order 16 lanes wide (AVX-512): four rows' products (16 values each, in the
       four 128-bit quarters: values 0-3, 4-7, 8-11, 12-15) transposed by quarters so that
       quarter r of q_k holds row r's values 4k..4k+3; v (row r's four lanes in quarter r)
       = q0 + (q1 + (q2 + (q3 + v))), each add four rows' lanes at once. */
    WNP_T512 WNP_INLINE __m512 wnp_sop_q(__m512 p0, __m512 p1, __m512 p2, __m512 p3,
                                         __m512 v) {
        __m512 t0 = _mm512_shuffle_f32x4(p0, p1, 0x44), t1 = _mm512_shuffle_f32x4(p0, p1, 0xEE);
        __m512 t2 = _mm512_shuffle_f32x4(p2, p3, 0x44), t3 = _mm512_shuffle_f32x4(p2, p3, 0xEE);
        __m512 q0 = _mm512_shuffle_f32x4(t0, t2, 0x88), q1 = _mm512_shuffle_f32x4(t0, t2, 0xDD);
        __m512 q2 = _mm512_shuffle_f32x4(t1, t3, 0x88), q3 = _mm512_shuffle_f32x4(t1, t3, 0xDD);
        return _mm512_add_ps(q0, _mm512_add_ps(q1, _mm512_add_ps(q2, _mm512_add_ps(q3, v))));
    }

    /* 16 values at p as float32: float16 (src 0), bfloat16 (1) or float32 (2, a tile) */
    #define WNP_SOP_LD16(p) (src == 0 ? _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i*)(p))) \
        : src == 1 ? _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32( \
            _mm256_loadu_si256((const __m256i*)(p))), 16)) : _mm512_loadu_ps((const float*)(p)))
    #define WNP_SOP_P(r) _mm512_mul_ps(WNP_SOP_LD16(a + (r) * as + i * es), \
                                       WNP_SOP_LD16(b + (r) * bs + i * es))

    /* v[q] (rows 4q..4q+3) continued over the groups of 16 of k values a row (row r of a
       at a + r * as bytes, values es bytes each); Q quads side by side (two: independent
       chains for the adds' latency). */
    WNP_T512 WNP_INLINE void wnp_sop_z(const char* a, const char* b, Py_ssize_t as,
                                       Py_ssize_t bs, const int src, const int Q,
                                       Py_ssize_t k, __m512* v) {
        const Py_ssize_t es = src == 2 ? 4 : 2;
        Py_ssize_t i;
        for (i = 0; i + 16 <= k; i += 16) {
            v[0] = wnp_sop_q(WNP_SOP_P(0), WNP_SOP_P(1), WNP_SOP_P(2), WNP_SOP_P(3), v[0]);
            if (Q == 2)
                v[1] = wnp_sop_q(WNP_SOP_P(4), WNP_SOP_P(5), WNP_SOP_P(6), WNP_SOP_P(7), v[1]);
        }
    }
    #undef WNP_SOP_P
    #undef WNP_SOP_LD16

    /* acc[r] (rows r0.. of 4 * Q rows) = the four lanes after the groups of 16 of the
       first g values (a multiple of 16) of each row; float16 (with F16C) and bfloat16
       converted in registers, others widened a tile at a time into wa, wb. */
    WNP_T512 static void wnp_sop_body512(int kind, const char* a, const char* b,
                                         Py_ssize_t astep, Py_ssize_t bstep, const int Q,
                                         Py_ssize_t g, Py_ssize_t isz, const float* table,
                                         const uint16_t* hi16, float* wa, float* wb,
                                         float acc[][4]) {
        __m512 v[2];
        Py_ssize_t lo, k, nans = 0, as = astep ? WNP_SOP_TILE : 0, bs = bstep ? WNP_SOP_TILE : 0;
        int r, q, same = a == b && astep == bstep;   /* x . x: one operand to widen */
        v[0] = v[1] = _mm512_setzero_ps();
        if (kind == WNP_BF16 || (kind == WNP_F16 && wnp_f16c == 1)) {
            if (kind == WNP_BF16 && Q == 2)
                wnp_sop_z(a, b, astep * 2, bstep * 2, 1, 2, g, v);
            else if (kind == WNP_BF16)
                wnp_sop_z(a, b, astep * 2, bstep * 2, 1, 1, g, v);
            else if (Q == 2)
                wnp_sop_z(a, b, astep * 2, bstep * 2, 0, 2, g, v);
            else
                wnp_sop_z(a, b, astep * 2, bstep * 2, 0, 1, g, v);
        } else {
            for (lo = 0; lo < g; lo += WNP_SOP_TILE) {
                k = g - lo < WNP_SOP_TILE ? g - lo : WNP_SOP_TILE;
                for (r = 0; r < (astep ? 4 * Q : 1); r++)
                    wnp_fold_in(kind, a + (r * astep + lo) * isz, wa + r * as, k, table, hi16,
                                WNP_FOLD_PLAIN, 0.0f, &nans);
                for (r = 0; r < (bstep ? 4 * Q : 1) && !same; r++)
                    wnp_fold_in(kind, b + (r * bstep + lo) * isz, wb + r * bs, k, table, hi16,
                                WNP_FOLD_PLAIN, 0.0f, &nans);
                if (Q == 2)
                    wnp_sop_z((const char*)wa, (const char*)(same ? wa : wb), as * 4, bs * 4,
                              2, 2, k, v);
                else
                    wnp_sop_z((const char*)wa, (const char*)(same ? wa : wb), as * 4, bs * 4,
                              2, 1, k, v);
            }
        }
        for (q = 0; q < Q; q++) _mm512_storeu_ps(acc[4 * q], v[q]);
    }
    #endif

    /* One narrow value at p as float32 (the tail; a NaN's payload aside: its row is
       summed again by einsum) */
    static inline float wnp_sop_one(int kind, const char* p, const float* table) {
        if (kind == WNP_F16) return wnp_h2f(*(const uint16_t*)p);
        if (kind == WNP_BF16) return wnp_float((uint32_t)(*(const uint16_t*)p) << 16);
        return table[*(const uint8_t*)p];
    }

    /* out[r] = einsum's float32 sum of products of row r of a and of b (rows of n narrow
       values, isz bytes each; row r of a at a + r * astep * isz -- astep 0: one row for
       all), each from +0.0 as einsum's zeroed output: 0 + ((l0 + l1) + (l2 + l3)) of the
       lanes (SSE3's horizontal adds).  Widened a tile at a time (wnp_fold_in: the
       conversion loops' bits, F16C and the byte tables' SIMD as the reductions). */
    static void wnp_sop_rows(int kind, const char* a, const char* b, Py_ssize_t astep,
                             Py_ssize_t bstep, Py_ssize_t rows, Py_ssize_t n, Py_ssize_t isz,
                             const float* table, float* out) {
        float wa[8 * WNP_SOP_TILE], wb[8 * WNP_SOP_TILE];
        float acc[8][4];
        uint16_t halves[256];
        const uint16_t* hi16 = NULL;
        Py_ssize_t r0, lo, k, nans = 0, as, bs;
        int r, R, last;
        if (kind == WNP_BYTE && wnp_byte_halves(table, halves)) hi16 = halves;
    #ifdef WNP_X86_F16C
        if (wnp_avx2 < 0) wnp_check_avx2();
        if (wnp_f16c < 0) wnp_set_f16c(-1);
        if (wnp_avx2 == 2 && rows >= 4) {
            Py_ssize_t g = n - n % 16, j, i0;
            int Q = 1;
            for (r0 = 0; r0 + 4 <= rows; r0 += 4 * Q) {
                Q = r0 + 8 <= rows ? 2 : 1;
                wnp_sop_body512(kind, a + r0 * astep * isz, b + r0 * bstep * isz, astep,
                                bstep, Q, g, isz, table, hi16, wa, wb, acc);
                for (r = 0; r < 4 * Q; r++) {
                    const char* p = a + ((r0 + r) * astep + g) * isz;
                    const char* q = b + ((r0 + r) * bstep + g) * isz;
                    for (i0 = 0; i0 < n - g; i0 += 4) {
                        int l;
                        for (l = 0; l < 4; l++) {
                            j = i0 + l;
                            acc[r][l] = (j < n - g ? wnp_sop_one(kind, p + j * isz, table)
                                         * wnp_sop_one(kind, q + j * isz, table)
                                         : 0.0f * 0.0f) + acc[r][l];
                        }
                    }
                    out[r0 + r] = 0.0f + ((acc[r][0] + acc[r][1]) + (acc[r][2] + acc[r][3]));
                }
            }
            if (r0 < rows)
                wnp_sop_rows(kind, a + r0 * astep * isz, b + r0 * bstep * isz, astep, bstep,
                             rows - r0, n, isz, table, out + r0);
            return;
        }
        if (wnp_sop_direct(kind, a, b, astep, bstep, rows, n, out)) return;
    #endif
        as = astep ? WNP_SOP_TILE : 0;
        bs = bstep ? WNP_SOP_TILE : 0;
        for (r0 = 0; r0 < rows; r0 += WNP_SOP_ROWS) {
            R = rows - r0 < WNP_SOP_ROWS ? (int)(rows - r0) : WNP_SOP_ROWS;
            memset(acc, 0, sizeof acc);
            for (lo = 0; lo < n; lo += WNP_SOP_TILE) {
                k = n - lo < WNP_SOP_TILE ? n - lo : WNP_SOP_TILE;
                last = lo + k == n;
                for (r = 0; r < (astep ? R : 1); r++)
                    wnp_fold_in(kind, a + ((r0 + r) * astep + lo) * isz, wa + r * as, k,
                                table, hi16, WNP_FOLD_PLAIN, 0.0f, &nans);
                for (r = 0; r < (bstep ? R : 1); r++)
                    wnp_fold_in(kind, b + ((r0 + r) * bstep + lo) * isz, wb + r * bs, k,
                                table, hi16, WNP_FOLD_PLAIN, 0.0f, &nans);
                if (R == WNP_SOP_ROWS)
                    wnp_sop_tile(wa, wb, as, bs, WNP_SOP_ROWS, k, last, acc);
                else
                    for (r = 0; r < R; r++)
                        wnp_sop_tile(wa + r * as, wb + r * bs, 0, 0, 1, k, last, acc + r);
            }
            for (r = 0; r < R; r++)
                out[r0 + r] = 0.0f + ((acc[r][0] + acc[r][1]) + (acc[r][2] + acc[r][3]));
        }
    }
    """
    void wnp_sop_rows(int kind, const char* a, const char* b, Py_ssize_t astep,
                      Py_ssize_t bstep, Py_ssize_t rows, Py_ssize_t n, Py_ssize_t isz,
                      const float* table, float* out)


cdef inline int sop32(object a, object b, Py_ssize_t astep, Py_ssize_t bstep, Py_ssize_t rows,
                      Py_ssize_t n, int kind, object table, object out) except -1:
    # checked by the caller (``_sop``): a, b C-contiguous narrow of the kind holding
    # rows (or 1, step 0) rows of n; out float32, C-contiguous, of at least rows values
    wnp_sop_rows(kind, PyArray_BYTES(<PyArrayObject*>a), PyArray_BYTES(<PyArrayObject*>b),
                 astep, bstep, rows, n, a.dtype.itemsize,
                 <const float*>PyArray_BYTES(<PyArrayObject*>table) if table is not None
                 else NULL, <float*>PyArray_BYTES(<PyArrayObject*>out))
    return 0


cdef extern from *:
    """
    /* outer: row i of out (m rows of n values of kind, isz bytes each) = a[i] * b in
       float32 rounded back, by wnp_fused's multiply with a[i] as its scalar operand (b
       converted, multiplied and rounded a chunk at a time in L1: no float32 product).
       Returns the first row not written (m when all are): its multiply raised a flag in
       mask, or its float16 rounding overflowed; the caller computes the rest. */
    static Py_ssize_t wnp_outer(int kind, int rkind, const char* a, Py_ssize_t m,
                                const char* b, Py_ssize_t n, Py_ssize_t isz, const float* vt,
                                const uint8_t* rt, int shift, unsigned mask, char* out) {
        Py_ssize_t i;
        float ai;
        for (i = 0; i < m; i++) {
            wnp_to_f32(kind, a + i * isz, &ai, 1, vt);
            if (wnp_fused(WNP_MUL, rkind, NULL, b, &ai, NULL, out + i * n * isz, 0, n, isz,
                          vt, rt, shift, mask, 0) < n)
                return i;
        }
        return m;
    }
    """
    Py_ssize_t wnp_outer(int kind, int rkind, const char* a, Py_ssize_t m, const char* b,
                         Py_ssize_t n, Py_ssize_t isz, const float* vt, const unsigned char* rt,
                         int shift, unsigned int mask, char* out) nogil


cdef inline Py_ssize_t outer32(object a, object b, int kind, int rkind, object values,
                               object rounding, int shift, unsigned int mask,
                               object out) except -1:
    # checked by the caller (``outer``): a, b 1-D C-contiguous narrow of the kind, out
    # C-contiguous (a.size, b.size) of their dtype
    cdef const float* vt = NULL
    cdef const unsigned char* rt = NULL
    cdef Py_ssize_t r
    if values is not None:
        vt = <const float*>PyArray_BYTES(<PyArrayObject*>values)
        rt = <const unsigned char*>PyArray_BYTES(<PyArrayObject*>rounding)
    r = wnp_outer(kind, rkind, PyArray_BYTES(<PyArrayObject*>a), a.size,
                  PyArray_BYTES(<PyArrayObject*>b), b.size, a.dtype.itemsize, vt, rt, shift,
                  mask, PyArray_BYTES(<PyArrayObject*>out))
    return r
# -- searchsorted into a narrow float array (issue 24): NumPy's float32 binary search, each
# probed element widened on its own (no float32 copy of the sorted array) --
cdef extern from *:
    """
    /* The element at p as float32: the bits of wnp_to_f32 (float16 exact with its NaN
       payload, bfloat16 a shift, a one-byte type its table entry). */
    static inline float wnp_probe(int kind, const char* p, const float* table) {
        uint16_t h;
        if (kind == WNP_BF16) { memcpy(&h, p, 2); return wnp_float(((uint32_t)h) << 16); }
        if (kind == WNP_F16) { memcpy(&h, p, 2); return wnp_h2f(h); }
        return table[*(const uint8_t*)p];
    }

    /* NumPy's float order (npysort's LessThan): NaN after every number, -0.0 == 0.0. */
    static inline int wnp_lt(float a, float b) { return a < b || (b != b && a == a); }

    /* left: a < b; right: a <= b in that order (NumPy's BinaryCompare<right_side>). */
    static inline int wnp_before(int right, float a, float b) {
        return right ? !wnp_lt(b, a) : wnp_lt(a, b);
    }

    /* NumPy's binary search of m float32 keys into the n elements at arr (stride in
       bytes), step for step (npysort/binsearch.cpp, BinarySearch): the bounds start from
       the previous key's when the keys ascend, so unsorted input gives NumPy's indices
       too.  With a sorter (intp, sstride bytes apart; NULL: none), its argbinsearch: the
       element probed is arr[sorter[mid]], and -1 is returned at a sorter index outside
       [0, n) (NumPy's "Sorter index out of range."; the caller lets NumPy raise it), else
       0.  Comparisons of NaN raise no Python-visible flag (NumPy's search checks none). */
    static int wnp_search(int kind, const char* arr, Py_ssize_t n, Py_ssize_t stride,
                          const char* sorter, Py_ssize_t sstride, const float* keys,
                          Py_ssize_t m, Py_ssize_t* out, int right, const float* table) {
        Py_ssize_t lo = 0, hi = n, i;
        float last;
        if (m <= 0) return 0;
        last = keys[0];
        for (i = 0; i < m; i++) {
            const float k = keys[i];
            if (wnp_before(right, last, k)) {
                hi = n;
            } else {
                lo = 0;
                hi = hi < n ? hi + 1 : n;
            }
            last = k;
            while (lo < hi) {
                const Py_ssize_t mid = lo + ((hi - lo) >> 1);
                Py_ssize_t at = mid;
                if (sorter != NULL) {
                    memcpy(&at, sorter + mid * sstride, sizeof(at));
                    if (at < 0 || at >= n) return -1;
                }
                if (wnp_before(right, wnp_probe(kind, arr + at * stride, table), k))
                    lo = mid + 1;
                else
                    hi = mid;
            }
            out[i] = lo;
        }
        return 0;
    }
    """
    int wnp_search(int kind, const char* arr, Py_ssize_t n, Py_ssize_t stride,
                   const char* sorter, Py_ssize_t sstride, const float* keys,
                   Py_ssize_t m, Py_ssize_t* out, int right, const float* table) nogil


@cython.locals(n=Py_ssize_t, stride=Py_ssize_t, sstride=Py_ssize_t, m=Py_ssize_t, r=int)
cdef inline int search32(object a, object sorter, object keys, object out, int kind,
                         object table, bint right) except -2:
    # checked by the caller (``searchsorted``): a 1-D of the kind, sorter None or 1-D
    # aligned intp of a's length, keys C-contiguous float32, out C-contiguous intp of
    # keys' size; -1 at a sorter index out of range
    cdef const char* ap = PyArray_BYTES(<PyArrayObject*>a)
    cdef const char* sp = NULL
    cdef const float* kp = <const float*>PyArray_BYTES(<PyArrayObject*>keys)
    cdef Py_ssize_t* op_ = <Py_ssize_t*>PyArray_BYTES(<PyArrayObject*>out)
    cdef const float* tp = (<const float*>PyArray_BYTES(<PyArrayObject*>table)
                            if table is not None else NULL)
    n = a.shape[0]
    stride = a.strides[0]
    sstride = 0
    if sorter is not None:
        sp = PyArray_BYTES(<PyArrayObject*>sorter)
        sstride = sorter.strides[0]
    m = keys.size
    with nogil:
        r = wnp_search(kind, ap, n, stride, sp, sstride, kp, m, op_, right, tp)
    return r

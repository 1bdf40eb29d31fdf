;; Dot products of one question with the rows of a vector index, in WebAssembly SIMD.
;; `npm run build:vector-scan` compiles this into int8-dots.wasm.ts (committed; a test fails while
;; it is stale).
;;
;; dots(rows, count, width, query, scales, back, out, counts): for each r < count,
;; out[r] = (Σ rows[r][i] × query[i]) × scales[r] × back as f32, the sum over i < width in i32: the
;; rows int8, `width` of them a row (a multiple of 16, padded with zeros), the question int16. The
;; conversion to cosines is done here too: it was a tenth of the scan's time as a loop in JavaScript.
;; Each cosine is also counted in its bucket of `counts` (4,096 i32 over −1 … 1, the buckets of
;; rankedValues in vectors.ts, computed the same way in f64): the first of its two passes, done by
;; whichever thread scans the row.
;;
;; A block of 16 numbers is eight 16-bit lanes: number j of the block is the low byte of lane j,
;; number 8 + j its high byte. A shift left and an arithmetic shift right (low), or the shift right
;; alone (high), give eight numbers widened to 16 bits in the question's order with no shuffle (the
;; widening by extend_low/extend_high needs lane moves, which x86 runs on one port: the scan alone
;; took about a tenth longer that way). A question's numbers stay within ±2,047 so that no sum can
;; leave i32 below 8,192 dimensions (8,192 × 127 × 2,047 < 2^31).
;;
;; The memory is the index's, made by int8-scan.ts and shared: the scan threads (scan-threads.ts)
;; instantiate this module over the same memory and scan other rows of it at the same time.
(module
  (import "env" "memory" (memory 1 65536 shared))
  (func (export "dots") (param $rows i32) (param $count i32) (param $width i32) (param $query i32)
    (param $scales i32) (param $back f32) (param $out i32) (param $counts i32)
    (local $row i32) (local $i i32) (local $q i32) (local $block v128) (local $cosine f32) (local $bucket i32)
    ;; two sums, so that each addition need not wait for the one before it
    (local $low v128) (local $high v128)
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $row) (local.get $count)))
        (local.set $low (v128.const i32x4 0 0 0 0))
        (local.set $high (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (local.set $q (local.get $query))
        (loop $each_block
          (local.set $block (v128.load (i32.add (local.get $rows) (local.get $i))))
          (local.set $low (i32x4.add (local.get $low)
            (i32x4.dot_i16x8_s (i16x8.shr_s (i16x8.shl (local.get $block) (i32.const 8)) (i32.const 8)) (v128.load (local.get $q)))))
          (local.set $high (i32x4.add (local.get $high)
            (i32x4.dot_i16x8_s (i16x8.shr_s (local.get $block) (i32.const 8)) (v128.load offset=16 (local.get $q)))))
          (local.set $q (i32.add (local.get $q) (i32.const 32)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $each_block (i32.lt_u (local.get $i) (local.get $width))))
        (local.set $low (i32x4.add (local.get $low) (local.get $high)))
        (local.set $cosine
          (f32.mul
            (f32.mul
              (f32.convert_i32_s
                (i32.add
                  (i32.add (i32x4.extract_lane 0 (local.get $low)) (i32x4.extract_lane 1 (local.get $low)))
                  (i32.add (i32x4.extract_lane 2 (local.get $low)) (i32x4.extract_lane 3 (local.get $low)))))
              (f32.load (local.get $scales)))
            (local.get $back)))
        (f32.store (local.get $out) (local.get $cosine))
        ;; bucketOf: 1 and above in the last bucket, −1 and below (and NaN) in the first, else
        ;; the floor of (cosine + 1) × 2048 in f64, as JavaScript computes it (saturating: never a trap).
        (local.set $bucket
          (select (i32.const 4095)
            (select (i32.const 0)
              (i32.trunc_sat_f64_s (f64.mul (f64.add (f64.promote_f32 (local.get $cosine)) (f64.const 1)) (f64.const 2048)))
              (i32.eqz (f32.gt (local.get $cosine) (f32.const -1))))
            (f32.ge (local.get $cosine) (f32.const 1))))
        (local.set $bucket (i32.add (local.get $counts) (i32.shl (local.get $bucket) (i32.const 2))))
        (i32.store (local.get $bucket) (i32.add (i32.load (local.get $bucket)) (i32.const 1)))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (local.set $scales (i32.add (local.get $scales) (i32.const 4)))
        (local.set $rows (i32.add (local.get $rows) (local.get $width)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $each_row))))

  ;; exact(floats, stride, query, rows, count, out): out[k] = Σ floats[rows[k]][i] × query[i] for
  ;; each k < count, in f64: the float32 rows (`stride` bytes apart, a multiple of 16 numbers padded
  ;; with zeros) promoted to f64, the question f64. Number i is summed into sum i mod 4, and the four
  ;; added as ((s0 + s1) + s2) + s3: the order of VectorIndex's exact dot in JavaScript, so that both
  ;; give the same bits.
  (func (export "exact") (param $floats i32) (param $stride i32) (param $query i32) (param $rows i32) (param $count i32) (param $out i32)
    (local $k i32) (local $row i32) (local $i i32) (local $low v128) (local $high v128)
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $row (i32.add (local.get $floats) (i32.mul (i32.load (local.get $rows)) (local.get $stride))))
        (local.set $low (v128.const f64x2 0 0))
        (local.set $high (v128.const f64x2 0 0))
        (local.set $i (i32.const 0))
        (loop $each_four
          ;; numbers 4n and 4n + 1 into $low, 4n + 2 and 4n + 3 into $high
          (local.set $low (f64x2.add (local.get $low)
            (f64x2.mul (f64x2.promote_low_f32x4 (v128.load64_zero (i32.add (local.get $row) (local.get $i))))
                       (v128.load (i32.add (local.get $query) (i32.shl (local.get $i) (i32.const 1)))))))
          (local.set $high (f64x2.add (local.get $high)
            (f64x2.mul (f64x2.promote_low_f32x4 (v128.load64_zero offset=8 (i32.add (local.get $row) (local.get $i))))
                       (v128.load offset=16 (i32.add (local.get $query) (i32.shl (local.get $i) (i32.const 1)))))))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $each_four (i32.lt_u (local.get $i) (local.get $stride))))
        (f64.store (local.get $out)
          (f64.add
            (f64.add
              (f64.add (f64x2.extract_lane 0 (local.get $low)) (f64x2.extract_lane 1 (local.get $low)))
              (f64x2.extract_lane 0 (local.get $high)))
            (f64x2.extract_lane 1 (local.get $high))))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (local.set $rows (i32.add (local.get $rows) (i32.const 4)))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $each_row)))))

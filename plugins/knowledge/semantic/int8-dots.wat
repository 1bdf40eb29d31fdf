;; Dot products of one question with every row of a vector index, in WebAssembly SIMD: the rows are
;; int8 (a quarter of float32's bytes, and the scan is bound by the bytes it reads), the question
;; int16. `npm run build:vector-scan` compiles this into int8-dots.wasm.ts (committed; a test fails
;; while it is stale).
;;
;; dots(rows, count, width, query, out): out[r] = Σ rows[r × width + i] × query[i] for i < width,
;; as i32, for each r < count. `width` is a multiple of 16 (rows padded with zeros); a question's
;; numbers stay within ±2047 so that no sum can leave i32 below 8,192 dimensions (8,192 × 127 ×
;; 2,047 < 2^31).
(module
  (memory (export "memory") 1)
  (func (export "dots") (param $rows i32) (param $count i32) (param $width i32) (param $query i32) (param $out i32)
    (local $row i32) (local $i i32) (local $q i32) (local $sum v128) (local $sixteen v128)
    (block $done
      (loop $each_row
        (br_if $done (i32.ge_u (local.get $row) (local.get $count)))
        (local.set $sum (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.const 0))
        (local.set $q (local.get $query))
        (loop $each_sixteen
          (local.set $sixteen (v128.load (i32.add (local.get $rows) (local.get $i))))
          ;; the first eight int8 widened to int16, times eight numbers of the question, summed in pairs
          (local.set $sum (i32x4.add (local.get $sum)
            (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $sixteen)) (v128.load (local.get $q)))))
          (local.set $sum (i32x4.add (local.get $sum)
            (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $sixteen)) (v128.load offset=16 (local.get $q)))))
          (local.set $q (i32.add (local.get $q) (i32.const 32)))
          (local.set $i (i32.add (local.get $i) (i32.const 16)))
          (br_if $each_sixteen (i32.lt_u (local.get $i) (local.get $width))))
        (i32.store (local.get $out)
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $sum)) (i32x4.extract_lane 1 (local.get $sum)))
            (i32.add (i32x4.extract_lane 2 (local.get $sum)) (i32x4.extract_lane 3 (local.get $sum)))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (local.set $rows (i32.add (local.get $rows) (local.get $width)))
        (local.set $row (i32.add (local.get $row) (i32.const 1)))
        (br $each_row)))))

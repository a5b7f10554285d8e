//! Checking and cleaning an uploaded picture before any image host sees it: size and format by content, a pixel
//! cap read from the header before decoding, EXIF orientation applied, and a fresh encoding that carries no
//! metadata (a phone photo's EXIF holds where it was taken).
//!
//! Pure and CPU-bound: callers on an async runtime run it inside `spawn_blocking`.

use std::io::Cursor;

use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, metadata::Orientation};

/// The largest upload accepted, in bytes.
pub const MAX_UPLOAD_BYTES: usize = 5 * 1024 * 1024;
/// The most pixels (width x height) an upload may declare; 40 MP covers every phone camera in common use.
pub const MAX_PIXELS: u64 = 40_000_000;
/// The longest side an upload may declare, so a 1 x 40,000,000 strip cannot slip under [`MAX_PIXELS`].
pub const MAX_SIDE: u32 = 12_000;
/// What the decoder may allocate in all. 40 MP as 8-bit RGBA is 160 MB; this leaves room for that and the
/// decoder's own buffers, and refuses 16-bit-per-channel giants that would need twice as much.
const MAX_DECODE_ALLOC: u64 = 256 * 1024 * 1024;
/// Quality of the JPEGs written: photos of book covers stay sharp at about a third of quality 100's size.
const JPEG_QUALITY: u8 = 85;

/// An upload that passed the checks, re-encoded from its pixels alone.
#[derive(Debug, Clone)]
pub struct CleanImage {
    pub bytes: Vec<u8>,
    /// "jpg", "png" or "webp"; what [`clean_upload`] writes today is only ever "jpg" or "png".
    pub extension: &'static str,
    /// After the EXIF orientation was applied, so as the picture is meant to be seen.
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadRejected {
    /// Larger than [`MAX_UPLOAD_BYTES`]; nothing else was looked at.
    #[error("the picture is {got} bytes; at most {max} are accepted")]
    TooLarge { max: usize, got: usize },
    /// Not a JPEG, PNG or WebP by its first bytes, whatever its name or content type said.
    #[error("only JPEG, PNG and WebP pictures are accepted")]
    NotAnImage,
    /// Its header declares more pixels than [`MAX_PIXELS`] or a side longer than [`MAX_SIDE`]; refused before
    /// any pixel was decoded.
    #[error("the picture is {width}x{height} pixels, which is more than accepted")]
    TooManyPixels { width: u32, height: u32 },
    /// Starts like a JPEG, PNG or WebP but does not decode (truncated, damaged, an unsupported variant).
    #[error("the picture could not be read: {0}")]
    Corrupt(String),
}

/// Checks an upload and re-encodes it: JPEG stays JPEG, PNG stays PNG, and WebP becomes PNG when it has
/// transparency, JPEG otherwise (the `image` crate writes only lossless WebP, several times larger than a
/// JPEG of the same photo). Only the first frame of an animated PNG or WebP is kept.
///
/// Nothing but the pixels survives: EXIF (GPS position, camera serial), XMP, IPTC, ICC profiles and PNG text
/// chunks are all dropped. Dropping the ICC profile means a wide-gamut (Display P3) photo is shown as sRGB,
/// slightly less saturated; a profile can carry free text, and book photos do not need it.
pub fn clean_upload(bytes: &[u8]) -> Result<CleanImage, UploadRejected> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(UploadRejected::TooLarge { max: MAX_UPLOAD_BYTES, got: bytes.len() });
    }
    let format = sniff_format(bytes).ok_or(UploadRejected::NotAnImage)?;

    // Only the allocation cap while the header is read: a side limit here would fail with the decoder's
    // generic error before we learn the dimensions to report.
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(alloc_limits());
    let mut decoder = reader.into_decoder().map_err(corrupt)?;

    let (width, height) = decoder.dimensions();
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(UploadRejected::TooManyPixels { width, height });
    }
    let too_many_pixels = |_| UploadRejected::TooManyPixels { width, height };
    let mut limits = alloc_limits();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // `into_decoder` does not count the output buffer against the cap (only `ImageReader::decode` does).
    limits.reserve(decoder.total_bytes()).map_err(too_many_pixels)?;
    decoder.set_limits(limits).map_err(too_many_pixels)?;

    // A damaged EXIF block must not cost the seller the picture: it is then shown as stored.
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|error| match error {
        image::ImageError::Limits(_) => UploadRejected::TooManyPixels { width, height },
        other => corrupt(other),
    })?;
    picture.apply_orientation(orientation);

    let (bytes, extension) = match format {
        ImageFormat::Png => (encode_png(&picture)?, "png"),
        ImageFormat::WebP if picture.color().has_alpha() => (encode_png(&picture)?, "png"),
        _ => (encode_jpeg(&picture)?, "jpg"),
    };
    Ok(CleanImage { bytes, extension, width: picture.width(), height: picture.height() })
}

/// The format by its magic bytes. Nothing a client says about the file is trusted.
fn sniff_format(bytes: &[u8]) -> Option<ImageFormat> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageFormat::Jpeg)
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some(ImageFormat::Png)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP".as_slice()) {
        Some(ImageFormat::WebP)
    } else {
        None
    }
}

fn alloc_limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    limits
}

fn corrupt(error: image::ImageError) -> UploadRejected {
    UploadRejected::Corrupt(error.to_string())
}

fn encode_jpeg(picture: &DynamicImage) -> Result<Vec<u8>, UploadRejected> {
    let mut out = Vec::new();
    // Converts to 8-bit RGB or grey as needed; a WebP sent here has no alpha to lose.
    picture.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)).map_err(corrupt)?;
    Ok(out)
}

fn encode_png(picture: &DynamicImage) -> Result<Vec<u8>, UploadRejected> {
    let mut out = Vec::new();
    picture.write_with_encoder(image::codecs::png::PngEncoder::new(&mut out)).map_err(corrupt)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use image::{Rgba, RgbaImage};
    use puronoboi_fixtures::pictures::*;

    use super::*;

    #[test]
    fn png_bytes_with_no_name_at_all_are_accepted_as_png() {
        let clean = clean_upload(&png_of(&wide_rgb())).expect("accepted");
        assert_eq!(clean.extension, "png");
        assert_eq!((clean.width, clean.height), (40, 20));
        assert_eq!(sniff_format(&clean.bytes), Some(ImageFormat::Png));
        let decoded = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Png).expect("output decodes");
        assert_eq!(decoded.to_rgb8(), wide_rgb(), "PNG stays lossless");
    }

    #[test]
    fn a_png_comes_back_as_png_whatever_name_the_client_gave_it() {
        // A browser may send "cover.jpg" with `image/jpeg` for these bytes: the function never sees either, and
        // the stored file's extension follows the content.
        let clean = clean_upload(&png_of(&wide_rgb())).expect("accepted");
        assert_eq!(clean.extension, "png");
        assert!(clean.bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
    }

    #[test]
    fn text_pdf_and_svg_are_not_images() {
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
        let pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
        for bytes in
            [b"hello, this is not a picture".as_slice(), pdf.as_slice(), svg.as_slice(), b"".as_slice(), b"RIFF\0\0\0\0WAVE".as_slice()]
        {
            assert!(matches!(clean_upload(bytes), Err(UploadRejected::NotAnImage)), "{:?}", String::from_utf8_lossy(bytes));
        }
    }

    #[test]
    fn six_mebibytes_are_too_large_before_anything_is_decoded() {
        // A valid PNG start: if size were not checked first, this would be Corrupt instead.
        let mut bytes = png_declaring(10, 10);
        bytes.resize(6 * 1024 * 1024, 0);
        match clean_upload(&bytes) {
            Err(UploadRejected::TooLarge { max, got }) => {
                assert_eq!(max, MAX_UPLOAD_BYTES);
                assert_eq!(got, 6 * 1024 * 1024);
            }
            other => panic!("expected TooLarge, got {other:?}"),
        }
        assert!(
            clean_upload(&vec![0; MAX_UPLOAD_BYTES]).is_err_and(|e| matches!(e, UploadRejected::NotAnImage)),
            "exactly the cap is allowed"
        );
    }

    #[test]
    fn a_png_declaring_50000_by_50000_is_refused_from_its_header() {
        // 2.5 G pixels: decoding would need 7.5 GB. The answer comes from the 57-byte file's header alone.
        match clean_upload(&png_declaring(50_000, 50_000)) {
            Err(UploadRejected::TooManyPixels { width, height }) => assert_eq!((width, height), (50_000, 50_000)),
            other => panic!("expected TooManyPixels, got {other:?}"),
        }
    }

    #[test]
    fn a_long_strip_under_the_pixel_cap_is_refused_by_the_side_cap() {
        let (width, height) = (MAX_SIDE + 1, 10);
        assert!(u64::from(width) * u64::from(height) < MAX_PIXELS);
        assert!(matches!(clean_upload(&png_declaring(width, height)), Err(UploadRejected::TooManyPixels { .. })));
    }

    #[test]
    fn a_header_within_the_caps_but_without_pixel_data_is_corrupt() {
        assert!(matches!(clean_upload(&png_declaring(100, 100)), Err(UploadRejected::Corrupt(_))));
    }

    #[test]
    fn a_truncated_jpeg_is_corrupt() {
        let jpeg = jpeg_of(&wide_rgb());
        for cut in [3, 40, jpeg.len() / 2] {
            let result = clean_upload(&jpeg[..cut]);
            assert!(matches!(result, Err(UploadRejected::Corrupt(_))), "cut at {cut} of {}: {result:?}", jpeg.len());
        }
    }

    #[test]
    fn a_truncated_png_is_corrupt() {
        let png = png_of(&wide_rgb());
        let result = clean_upload(&png[..png.len() / 2]);
        assert!(matches!(result, Err(UploadRejected::Corrupt(_))), "{result:?}");
    }

    #[test]
    fn a_phone_photo_loses_its_exif_and_gps_and_is_turned_upright() {
        let plain = jpeg_of(&wide_rgb());
        let app1 = exif_app1_with_gps_and_orientation_6();
        let mut photo = plain[..2].to_vec();
        photo.extend_from_slice(&app1);
        photo.extend_from_slice(&plain[2..]);
        // The input really carries what must go.
        assert!(jpeg_segment_markers(&photo).contains(&0xE1));
        assert!(contains(&photo, b"Exif\0\0"));
        assert!(contains(&photo, &rationals(&LATITUDE)));
        assert!(contains(&photo, &rationals(&LONGITUDE)));

        let clean = clean_upload(&photo).expect("accepted");

        assert_eq!(clean.extension, "jpg");
        assert!(!contains(&clean.bytes, b"Exif"), "no Exif marker left");
        let markers = jpeg_segment_markers(&clean.bytes);
        assert!(!markers.contains(&0xE1), "no APP1 segment left: {markers:02X?}");
        assert!(markers.iter().all(|&m| !(0xE1..=0xEF).contains(&m) && m != 0xFE), "no APPn but JFIF, no comment: {markers:02X?}");
        assert!(!contains(&clean.bytes, &rationals(&LATITUDE)), "latitude gone");
        assert!(!contains(&clean.bytes, &rationals(&LONGITUDE)), "longitude gone");
        for (numerator, _) in LATITUDE.iter().chain(&LONGITUDE).filter(|(n, _)| *n > 1000) {
            assert!(!contains(&clean.bytes, &numerator.to_be_bytes()), "no trace of {numerator}");
        }

        // Orientation 6 means the camera stored the picture on its side: 40 x 20 stored shows as 20 x 40.
        assert_eq!((clean.width, clean.height), (20, 40));
        let decoded = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Jpeg).expect("output decodes");
        assert_eq!((decoded.width(), decoded.height()), (20, 40));
        // Turned clockwise: the stored top-left corner (no green) is now top-right, and the stored bottom-left
        // (green 228) is now top-left.
        let upright = decoded.to_rgb8();
        let (top_left, top_right) = (upright.get_pixel(0, 0).0, upright.get_pixel(19, 0).0);
        assert!(top_right[1] < 40 && top_left[1] > 190, "top-left {top_left:?}, top-right {top_right:?}");
    }

    #[test]
    fn a_png_loses_its_text_chunks() {
        let plain = png_of(&wide_rgb());
        let ihdr_end = 8 + 4 + 4 + 13 + 4;
        let mut tagged = plain[..ihdr_end].to_vec();
        tagged.extend(png_chunk(b"tEXt", b"Comment\0taken at 23.7701 N 90.4102 E by seller@example.com"));
        tagged.extend_from_slice(&plain[ihdr_end..]);
        assert!(contains(&tagged, b"tEXt"));

        let clean = clean_upload(&tagged).expect("accepted");

        assert_eq!(clean.extension, "png");
        assert!(!contains(&clean.bytes, b"tEXt"));
        assert!(!contains(&clean.bytes, b"seller@example.com"));
        assert!(!contains(&clean.bytes, b"23.7701"));
    }

    #[test]
    fn an_opaque_webp_becomes_a_jpeg() {
        let picture = wide_rgb();
        let webp = lossless_webp(picture.as_raw(), 40, 20, image::ExtendedColorType::Rgb8);
        assert_eq!(sniff_format(&webp), Some(ImageFormat::WebP));
        let clean = clean_upload(&webp).expect("accepted");
        assert_eq!(clean.extension, "jpg");
        assert_eq!((clean.width, clean.height), (40, 20));
        assert_eq!(sniff_format(&clean.bytes), Some(ImageFormat::Jpeg));
    }

    #[test]
    fn a_transparent_webp_becomes_a_png_and_keeps_its_transparency() {
        let picture = RgbaImage::from_fn(16, 8, |x, _| Rgba([200, 10, 10, if x < 8 { 0 } else { 255 }]));
        let webp = lossless_webp(picture.as_raw(), 16, 8, image::ExtendedColorType::Rgba8);
        let clean = clean_upload(&webp).expect("accepted");
        assert_eq!(clean.extension, "png");
        let decoded = image::load_from_memory_with_format(&clean.bytes, ImageFormat::Png).expect("output decodes");
        assert_eq!(decoded.to_rgba8(), picture);
    }

    #[test]
    fn an_ordinary_jpeg_stays_a_jpeg_of_the_same_size() {
        let clean = clean_upload(&jpeg_of(&wide_rgb())).expect("accepted");
        assert_eq!(clean.extension, "jpg");
        assert_eq!((clean.width, clean.height), (40, 20));
        assert_eq!(jpeg_segment_markers(&clean.bytes).first(), Some(&0xE0), "JFIF header only");
    }
}

//! Pictures for upload tests, made in the test: PNG, JPEG and WebP files, a JPEG carrying EXIF GPS and orientation,
//! and helpers to look inside what comes back.

use image::{ImageEncoder, Rgb, RgbImage};

/// A 40 x 20 gradient, wider than tall, so a quarter turn shows in the dimensions.
pub fn wide_rgb() -> RgbImage {
    RgbImage::from_fn(40, 20, |x, y| Rgb([(x * 6) as u8, (y * 12) as u8, 128]))
}

pub fn png_of(picture: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    picture.write_with_encoder(image::codecs::png::PngEncoder::new(&mut out)).expect("png encodes");
    out
}

pub fn jpeg_of(picture: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    picture.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)).expect("jpeg encodes");
    out
}

pub fn lossless_webp(bytes: &[u8], width: u32, height: u32, color: image::ExtendedColorType) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut out).write_image(bytes, width, height, color).expect("webp encodes");
    out
}

/// CRC-32 (IEEE) as PNG chunks need it; the png decoder checks it.
pub fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFF_u32;
    for &byte in data {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

pub fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = Vec::new();
    chunk.extend_from_slice(&u32::try_from(data.len()).expect("small chunk").to_be_bytes());
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let mut covered = kind.to_vec();
    covered.extend_from_slice(data);
    chunk.extend_from_slice(&crc32(&covered).to_be_bytes());
    chunk
}

/// A well-formed PNG header declaring `width` x `height` 8-bit RGB, followed by a token IDAT: enough for
/// a decoder to report dimensions, far too little to hold the pixels.
pub fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    let mut png = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    png.extend(png_chunk(b"IHDR", &ihdr));
    png.extend(png_chunk(b"IDAT", &[0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]));
    png.extend(png_chunk(b"IEND", &[]));
    png
}

/// The marker bytes of every JPEG segment before the scan data (where markers cannot hide in table data).
pub fn jpeg_segment_markers(jpeg: &[u8]) -> Vec<u8> {
    assert_eq!(jpeg.get(..2), Some([0xFF, 0xD8].as_slice()), "starts with SOI");
    let mut markers = Vec::new();
    let mut at = 2;
    while let Some(&[0xFF, marker, len_hi, len_lo]) = jpeg.get(at..at + 4) {
        markers.push(marker);
        if marker == 0xDA {
            break;
        }
        at += 2 + usize::from(u16::from_be_bytes([len_hi, len_lo]));
    }
    assert_eq!(markers.last(), Some(&0xDA), "walked the segments up to the scan");
    markers
}

pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|window| window == needle)
}

// The GPS position hidden in the test photo: 23°46'12.3456" N, 90°24'36.789" E (Dhaka), as EXIF rationals
// with numerators distinctive enough to search the output for.
pub const LATITUDE: [(u32, u32); 3] = [(23, 1), (46, 1), (123_456, 10_000)];
pub const LONGITUDE: [(u32, u32); 3] = [(90, 1), (24, 1), (367_890, 10_000)];

pub fn rationals(values: &[(u32, u32); 3]) -> Vec<u8> {
    values.iter().flat_map(|(numerator, denominator)| [numerator.to_be_bytes(), denominator.to_be_bytes()]).flatten().collect()
}

/// An APP1 "Exif" segment: a big-endian TIFF block whose IFD0 holds Orientation = 6 (rotate 90° clockwise
/// to display) and a GPSInfo pointer to an IFD with latitude and longitude.
pub fn exif_app1_with_gps_and_orientation_6() -> Vec<u8> {
    fn entry(tiff: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]) {
        tiff.extend_from_slice(&tag.to_be_bytes());
        tiff.extend_from_slice(&kind.to_be_bytes());
        tiff.extend_from_slice(&count.to_be_bytes());
        tiff.extend_from_slice(&value);
    }
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const ASCII: u16 = 2;
    const RATIONAL: u16 = 5;
    let ifd_len = |entries: u32| 2 + entries * 12 + 4;
    let ifd0_at = 8;
    let gps_at = ifd0_at + ifd_len(2);
    let latitude_at = gps_at + ifd_len(4);
    let longitude_at = latitude_at + 24;

    let mut tiff = b"MM\x00\x2A".to_vec();
    tiff.extend_from_slice(&ifd0_at.to_be_bytes());
    tiff.extend_from_slice(&2u16.to_be_bytes());
    entry(&mut tiff, 0x0112, SHORT, 1, [0, 6, 0, 0]);
    entry(&mut tiff, 0x8825, LONG, 1, gps_at.to_be_bytes());
    tiff.extend_from_slice(&0u32.to_be_bytes());
    assert_eq!(tiff.len(), gps_at as usize);
    tiff.extend_from_slice(&4u16.to_be_bytes());
    entry(&mut tiff, 0x0001, ASCII, 2, *b"N\0\0\0");
    entry(&mut tiff, 0x0002, RATIONAL, 3, latitude_at.to_be_bytes());
    entry(&mut tiff, 0x0003, ASCII, 2, *b"E\0\0\0");
    entry(&mut tiff, 0x0004, RATIONAL, 3, longitude_at.to_be_bytes());
    tiff.extend_from_slice(&0u32.to_be_bytes());
    assert_eq!(tiff.len(), latitude_at as usize);
    tiff.extend(rationals(&LATITUDE));
    tiff.extend(rationals(&LONGITUDE));

    let mut payload = b"Exif\0\0".to_vec();
    payload.extend(tiff);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend_from_slice(&u16::try_from(payload.len() + 2).expect("small segment").to_be_bytes());
    segment.extend(payload);
    segment
}

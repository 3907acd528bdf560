package ekyc

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha1"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"time"
)

// Limits of the zip a buyer uploads. UIDAI's file is one XML of some tens of KB (the photo is a
// small JPEG); anything far larger, or with more entries, is not UIDAI's file.
const (
	MaxZip     = 512 << 10 // bytes uploaded
	MaxXML     = 2 << 20   // bytes of the XML once decrypted and inflated
	MaxEntries = 4         // entries in the zip
)

// Reasons a zip does not open; the caller answers each with its message (ekyc.go).
var (
	ErrNotZip      = errors.New("ekyc: not a zip file")
	ErrNoXML       = errors.New("ekyc: no e-KYC XML in the zip")
	ErrHostileZip  = errors.New("ekyc: zip with too many entries, a path or an oversized entry")
	ErrNotLocked   = errors.New("ekyc: zip not protected by a share code")
	ErrShareCode   = errors.New("ekyc: wrong share code")
	ErrDamaged     = errors.New("ekyc: damaged zip entry")
	ErrTooLarge    = errors.New("ekyc: file too large")
	errUnsupported = errors.New("ekyc: unsupported zip encryption or compression")
)

const (
	methodAES    = 99     // WinZip AES (AE-1/AE-2)
	aesExtraID   = 0x9901 // its extra field
	aesIterCount = 1000   // PBKDF2 rounds of WinZip AES
	aesMACLen    = 10     // bytes of its HMAC-SHA1 authentication code
	flagEncrypt  = 0x1
	flagDataDesc = 0x8
)

// OpenZip finds the one XML file of an e-KYC zip and decrypts it with the share code: WinZip AES
// (AE-1/AE-2, 128-256 bits) or classic ZipCrypto, stored or deflated. The zip is read in memory
// only and nothing is ever written out, so entry names never reach a file system; still, a name
// with a directory or "..", more than MaxEntries entries, or an XML above MaxXML is refused.
func OpenZip(data []byte, shareCode string) ([]byte, error) {
	if len(data) > MaxZip {
		return nil, ErrTooLarge
	}
	r, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && !errors.Is(err, zip.ErrInsecurePath) {
		return nil, ErrNotZip
	}
	if r == nil || len(r.File) == 0 {
		return nil, ErrNotZip
	}
	if len(r.File) > MaxEntries {
		return nil, ErrHostileZip
	}
	var xmlFile *zip.File
	for _, f := range r.File {
		name := f.Name
		if strings.ContainsAny(name, `/\`) || strings.Contains(name, "..") || strings.ContainsRune(name, 0) {
			return nil, ErrHostileZip
		}
		if strings.HasSuffix(strings.ToLower(name), ".xml") {
			if xmlFile != nil {
				return nil, ErrHostileZip
			}
			xmlFile = f
		}
	}
	if xmlFile == nil {
		return nil, ErrNoXML
	}
	if xmlFile.UncompressedSize64 > MaxXML || xmlFile.CompressedSize64 > MaxZip {
		return nil, ErrHostileZip
	}
	if xmlFile.Flags&flagEncrypt == 0 {
		return nil, ErrNotLocked
	}
	raw, err := xmlFile.OpenRaw()
	if err != nil {
		return nil, ErrNotZip
	}
	body, err := io.ReadAll(io.LimitReader(raw, MaxZip+1))
	if err != nil {
		return nil, ErrNotZip
	}
	if xmlFile.Method == methodAES {
		return openAES(xmlFile, body, shareCode)
	}
	return openZipCrypto(xmlFile, body, shareCode)
}

// aesExtra reads the WinZip AES extra field: vendor version (1 or 2), key strength (1-3) and
// the compression method of the plaintext.
func aesExtra(extra []byte) (version uint16, strength byte, method uint16, ok bool) {
	for len(extra) >= 4 {
		id, size := binary.LittleEndian.Uint16(extra), int(binary.LittleEndian.Uint16(extra[2:]))
		if len(extra) < 4+size {
			return 0, 0, 0, false
		}
		if id == aesExtraID && size == 7 {
			d := extra[4 : 4+size]
			if d[2] != 'A' || d[3] != 'E' {
				return 0, 0, 0, false
			}
			return binary.LittleEndian.Uint16(d), d[4], binary.LittleEndian.Uint16(d[5:]), true
		}
		extra = extra[4+size:]
	}
	return 0, 0, 0, false
}

// aesKeyLen is the AES key length of a WinZip strength; the salt is half of it.
func aesKeyLen(strength byte) int {
	switch strength {
	case 1:
		return 16
	case 2:
		return 24
	case 3:
		return 32
	}
	return 0
}

// winzipCTR is AES in WinZip's counter mode: a little-endian block counter from 1.
func winzipCTR(block cipher.Block, data []byte) {
	var ctr, ks [aes.BlockSize]byte
	for i := 0; i < len(data); i += aes.BlockSize {
		for j := range ctr { // increment, little-endian
			ctr[j]++
			if ctr[j] != 0 {
				break
			}
		}
		block.Encrypt(ks[:], ctr[:])
		for j := 0; j < aes.BlockSize && i+j < len(data); j++ {
			data[i+j] ^= ks[j]
		}
	}
}

func aesKeys(code string, salt []byte, keyLen int) (enc, auth, verify []byte, err error) {
	dk, err := pbkdf2.Key(sha1.New, code, salt, aesIterCount, 2*keyLen+2)
	if err != nil {
		return nil, nil, nil, err
	}
	return dk[:keyLen], dk[keyLen : 2*keyLen], dk[2*keyLen:], nil
}

func openAES(f *zip.File, body []byte, code string) ([]byte, error) {
	version, strength, method, ok := aesExtra(f.Extra)
	keyLen := aesKeyLen(strength)
	if !ok || keyLen == 0 {
		return nil, errUnsupported
	}
	saltLen := keyLen / 2
	if len(body) < saltLen+2+aesMACLen {
		return nil, ErrDamaged
	}
	salt, pv := body[:saltLen], body[saltLen:saltLen+2]
	enc := body[saltLen+2 : len(body)-aesMACLen]
	mac := body[len(body)-aesMACLen:]
	encKey, authKey, verify, err := aesKeys(code, salt, keyLen)
	if err != nil {
		return nil, err
	}
	if !hmac.Equal(pv, verify) {
		return nil, ErrShareCode
	}
	m := hmac.New(sha1.New, authKey)
	m.Write(enc)
	if !hmac.Equal(m.Sum(nil)[:aesMACLen], mac) {
		return nil, ErrDamaged
	}
	block, err := aes.NewCipher(encKey)
	if err != nil {
		return nil, err
	}
	plain := bytes.Clone(enc)
	winzipCTR(block, plain)
	out, err := inflate(method, plain)
	if err != nil {
		return nil, err
	}
	if version == 1 && crc32.ChecksumIEEE(out) != f.CRC32 { // AE-2 leaves the CRC out
		return nil, ErrDamaged
	}
	return out, nil
}

// zipCrypto is the traditional PKWARE stream cipher (APPNOTE 6.1).
type zipCrypto struct{ k0, k1, k2 uint32 }

func newZipCrypto(code string) *zipCrypto {
	z := &zipCrypto{0x12345678, 0x23456789, 0x34567890}
	for i := 0; i < len(code); i++ {
		z.update(code[i])
	}
	return z
}

func crcByte(crc uint32, b byte) uint32 { return crc32.IEEETable[(crc^uint32(b))&0xff] ^ (crc >> 8) }

func (z *zipCrypto) update(c byte) {
	z.k0 = crcByte(z.k0, c)
	z.k1 = (z.k1+(z.k0&0xff))*134775813 + 1
	z.k2 = crcByte(z.k2, byte(z.k1>>24))
}

func (z *zipCrypto) stream() byte {
	t := uint16(z.k2 | 2)
	return byte((uint32(t) * uint32(t^1)) >> 8)
}

func (z *zipCrypto) decrypt(b []byte) {
	for i := range b {
		b[i] ^= z.stream()
		z.update(b[i])
	}
}

func (z *zipCrypto) encrypt(b []byte) {
	for i := range b {
		c := b[i]
		b[i] ^= z.stream()
		z.update(c)
	}
}

func openZipCrypto(f *zip.File, body []byte, code string) ([]byte, error) {
	if len(body) < 12 {
		return nil, ErrDamaged
	}
	plain := bytes.Clone(body)
	newZipCrypto(code).decrypt(plain)
	check := byte(f.CRC32 >> 24)
	if f.Flags&flagDataDesc != 0 {
		check = byte(f.ModifiedTime >> 8)
	}
	if plain[11] != check {
		return nil, ErrShareCode
	}
	out, err := inflate(f.Method, plain[12:])
	if err != nil || crc32.ChecksumIEEE(out) != f.CRC32 {
		// One wrong code in 256 passes the check byte; the data then does not inflate or check.
		return nil, ErrShareCode
	}
	return out, nil
}

// inflate undoes the entry's compression, refusing more than MaxXML bytes (a zip bomb).
func inflate(method uint16, data []byte) ([]byte, error) {
	var r io.Reader
	switch method {
	case zip.Store:
		r = bytes.NewReader(data)
	case zip.Deflate:
		fr := flate.NewReader(bytes.NewReader(data))
		defer fr.Close()
		r = fr
	default:
		return nil, errUnsupported
	}
	out, err := io.ReadAll(io.LimitReader(r, MaxXML+1))
	if err != nil {
		return nil, ErrDamaged
	}
	if len(out) > MaxXML {
		return nil, ErrHostileZip
	}
	return out, nil
}

// Encryption of a zip the way UIDAI's site makes it (for the development sample and tests).
const (
	EncryptAES256    = "AES256"
	EncryptZipCrypto = "ZIPCRYPTO"
)

// LockedZip is a zip of one file, name, deflated and encrypted with the share code by enc
// (EncryptAES256, WinZip AE-2, or EncryptZipCrypto).
func LockedZip(name string, content []byte, code, enc string) ([]byte, error) {
	var comp bytes.Buffer
	fw, err := flate.NewWriter(&comp, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := fw.Write(content); err != nil {
		return nil, err
	}
	if err := fw.Close(); err != nil {
		return nil, err
	}
	fh := &zip.FileHeader{Name: name, Flags: flagEncrypt, UncompressedSize64: uint64(len(content))}
	fh.Modified = time.Now().UTC()
	var payload []byte
	switch enc {
	case EncryptAES256:
		salt := make([]byte, 16)
		if _, err := rand.Read(salt); err != nil {
			return nil, err
		}
		encKey, authKey, verify, err := aesKeys(code, salt, 32)
		if err != nil {
			return nil, err
		}
		block, err := aes.NewCipher(encKey)
		if err != nil {
			return nil, err
		}
		data := bytes.Clone(comp.Bytes())
		winzipCTR(block, data)
		m := hmac.New(sha1.New, authKey)
		m.Write(data)
		payload = append(append(append(salt, verify...), data...), m.Sum(nil)[:aesMACLen]...)
		fh.Method = methodAES
		fh.Extra = []byte{0x01, 0x99, 7, 0, 2, 0, 'A', 'E', 3, byte(zip.Deflate), 0}
	case EncryptZipCrypto:
		fh.Method = zip.Deflate
		fh.CRC32 = crc32.ChecksumIEEE(content)
		head := make([]byte, 12)
		if _, err := rand.Read(head[:11]); err != nil {
			return nil, err
		}
		head[11] = byte(fh.CRC32 >> 24)
		payload = append(head, comp.Bytes()...)
		newZipCrypto(code).encrypt(payload)
	default:
		return nil, fmt.Errorf("ekyc: unknown encryption %q", enc)
	}
	fh.CompressedSize64 = uint64(len(payload))
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	w, err := zw.CreateRaw(fh)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(payload); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

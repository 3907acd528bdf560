package ekyc

import (
	"archive/zip"
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"
)

// newSigner makes a throwaway RSA key and self-signed certificate (a stand-in for UIDAI's).
func newSigner(t *testing.T, cn string) (crypto.Signer, *x509.Certificate) {
	t.Helper()
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: cn},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert
}

var photo = []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00fake-jpeg")

func sample() Sample {
	return Sample{Name: "Asha  Kumari Verma", DOB: "31-01-1990", Gender: "F", Last4: "2346",
		Generated: time.Date(2026, 11, 27, 10, 30, 5, 123e6, ist), Photo: photo}
}

func TestReadsASignedFileBothEncryptionsAndHashes(t *testing.T) {
	key, cert := newSigner(t, "test UIDAI")
	v := &Verifier{cert: cert}
	for _, enc := range []string{EncryptAES256, EncryptZipCrypto} {
		for _, sha256 := range []bool{false, true} {
			s := sample()
			s.SHA256 = sha256
			z, err := SampleZip(s, key, cert, "Ab12", enc)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := v.Read(z, "Ab12")
			if err != nil {
				t.Fatalf("%s sha256=%v: %v", enc, sha256, err)
			}
			if rec.Name != "Asha Kumari Verma" || rec.DOB != "1990-01-31" || rec.Gender != "F" || rec.Last4 != "2346" ||
				!bytes.Equal(rec.Photo, photo) || !rec.Generated.Equal(s.Generated) {
				t.Fatalf("%s: read %+v", enc, rec)
			}
			if _, err := v.Read(z, "ab12"); !errors.Is(err, ErrShareCode) {
				t.Fatalf("%s: wrong share code gave %v", enc, err)
			}
		}
	}
}

func TestRefusesAFileSignedByAnotherKey(t *testing.T) {
	_, cert := newSigner(t, "test UIDAI")
	otherKey, otherCert := newSigner(t, "forger")
	z, err := SampleZip(sample(), otherKey, otherCert, "Ab12", EncryptAES256)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Verifier{cert: cert}).Read(z, "Ab12"); !errors.Is(err, ErrSignature) {
		t.Fatalf("forged: %v", err)
	}
}

func TestRefusesAFileAlteredAfterSigning(t *testing.T) {
	key, cert := newSigner(t, "test UIDAI")
	xml, err := SignedXML(sample(), key, cert)
	if err != nil {
		t.Fatal(err)
	}
	v := &Verifier{cert: cert}
	if _, err := v.Verify(xml); err != nil {
		t.Fatalf("untouched: %v", err)
	}
	for name, alter := range map[string]func(string) string{
		"name":      func(s string) string { return strings.Replace(s, `name="Asha  Kumari Verma"`, `name="Ravi Kumar"`, 1) },
		"reference": func(s string) string { return strings.Replace(s, `referenceId="2346`, `referenceId="9999`, 1) },
		"no signature": func(s string) string {
			return s[:strings.Index(s, "<Signature")] + "</OfflinePaperlessKyc>"
		},
		// A second, unsigned Poi placed before the signed content must not be read.
		"wrapped": func(s string) string {
			return strings.Replace(s, "<UidData>", `<UidData><Poi name="Ravi Kumar" dob="01-01-1970" gender="M"/>`, 1)
		},
	} {
		if _, err := v.Verify([]byte(alter(string(xml)))); !errors.Is(err, ErrSignature) {
			t.Fatalf("%s altered: %v", name, err)
		}
	}
	if _, err := v.Verify([]byte("<OfflinePaperlessKyc referenceId='x'/>")); !errors.Is(err, ErrSignature) {
		t.Fatalf("unsigned: %v", err)
	}
	if _, err := v.Verify([]byte("<Other/>")); !errors.Is(err, ErrNotEKYC) {
		t.Fatalf("other root: %v", err)
	}
	if _, err := v.Verify([]byte("<!DOCTYPE x [<!ENTITY a 'aaaa'>]><OfflinePaperlessKyc>&a;")); err == nil {
		t.Fatal("broken XML accepted")
	}
}

func plainZip(t *testing.T, files map[string][]byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for n, c := range files {
		f, err := w.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(c)
	}
	w.Close()
	return b.Bytes()
}

func TestRefusesHostileZips(t *testing.T) {
	key, cert := newSigner(t, "test UIDAI")
	v := &Verifier{cert: cert}
	good, err := SampleZip(sample(), key, cert, "Ab12", EncryptAES256)
	if err != nil {
		t.Fatal(err)
	}
	// A bomb: 3 MB of zeros deflates to a few KB, locked like UIDAI's.
	bomb, err := LockedZip("offlineaadhaar.xml", make([]byte, 3<<20), "Ab12", EncryptAES256)
	if err != nil {
		t.Fatal(err)
	}
	many := map[string][]byte{}
	for i := range 6 {
		many[string(rune('a'+i))+".txt"] = []byte("x")
	}
	xml, _ := SignedXML(sample(), key, cert)
	tail := append(bytes.Clone(good[:len(good)/2]), good[len(good)/2+1:]...)
	for name, c := range map[string]struct {
		data []byte
		want error
	}{
		"not a zip":  {[]byte("%PDF-1.4 hello"), ErrNotZip},
		"empty":      {nil, ErrNotZip},
		"truncated":  {good[:len(good)-30], ErrNotZip},
		"cut inside": {tail, ErrNotZip},
		"too large":  {make([]byte, MaxZip+1), ErrTooLarge},
		"no xml":     {plainZip(t, map[string][]byte{"photo.jpg": photo}), ErrNoXML},
		"many":       {plainZip(t, many), ErrHostileZip},
		"path":       {plainZip(t, map[string][]byte{"../../etc/x.xml": xml}), ErrHostileZip},
		"two xml":    {plainZip(t, map[string][]byte{"a.xml": xml, "b.xml": xml}), ErrHostileZip},
		"not locked": {plainZip(t, map[string][]byte{"a.xml": xml}), ErrNotLocked},
		"bomb":       {bomb, ErrHostileZip},
	} {
		_, err := v.Read(c.data, "Ab12")
		if err == nil {
			t.Fatalf("%s: accepted", name)
		}
		if name != "cut inside" && !errors.Is(err, c.want) {
			t.Fatalf("%s: %v, want %v", name, err, c.want)
		}
	}
}

func TestDevSignerMatchesDevCert(t *testing.T) {
	key, cert, err := DevSigner()
	if err != nil {
		t.Fatal(err)
	}
	v, err := NewVerifier(DevCertPEM)
	if err != nil || !IsDevCert(v.Cert()) {
		t.Fatal(err)
	}
	z, err := SampleZip(sample(), key, cert, "1234", EncryptAES256)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Read(z, "1234"); err != nil {
		t.Fatal(err)
	}
	_, other := newSigner(t, "x")
	if IsDevCert(other) {
		t.Fatal("another certificate taken for the development one")
	}
}

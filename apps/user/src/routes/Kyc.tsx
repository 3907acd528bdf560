import { LoadError, ListPlaceholder, useErrorToast } from '@prelaunch/ui';
import { useQuery } from '@tanstack/react-query';
import { canSubmitKyc, KYC_FALLBACK, KycEvidence, KycForm, kycQueryOptions, KycStatusPanel, KycSubmitted } from '../features/kyc';
import { useSiteDocumentMeta } from '../features/site';
import { VerificationFlow } from '../features/verification';

/**
 * Buyer "Verification" (/user/kyc): the status, then the guided steps — mobile by SMS, bank
 * account, location consent, the identity form (first time, after a rejection or an expiry, told the
 * consented location), and what was sent.
 */
export default function Kyc() {
  useSiteDocumentMeta('Verification');
  const kyc = useQuery(kycQueryOptions());
  useErrorToast(kyc.error, KYC_FALLBACK.get);

  return (
    <div>
      <h1 className="h3 pl-page-title">Verification</h1>
      {kyc.isPending ? (
        <div className="pl-panel p-3 p-md-4">
          <ListPlaceholder text="Loading your verification..." />
        </div>
      ) : kyc.isError ? (
        <LoadError error={kyc.error} fallback={KYC_FALLBACK.get} onRetry={() => void kyc.refetch()} />
      ) : (
        <>
          <KycStatusPanel kyc={kyc.data} />
          <VerificationFlow
            kycStatus={kyc.data.status}
            expired={kyc.data.expired}
            identity={(location) =>
              canSubmitKyc(kyc.data.status) || kyc.data.expired ? (
                <KycEvidence.Provider value={location}>
                  <KycForm key={`${kyc.data.status}|${kyc.data.decidedAt ?? ''}`} previous={kyc.data.status === 'REJECTED' ? kyc.data : undefined} />
                </KycEvidence.Provider>
              ) : null
            }
            submitted={<KycSubmitted kyc={kyc.data} />}
          />
        </>
      )}
    </div>
  );
}

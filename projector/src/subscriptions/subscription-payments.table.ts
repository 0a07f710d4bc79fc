/** Read model `subscription_payments`: every payment attempt and what it bought. */
export interface SubscriptionPaymentsTable {
  id: string;
  user_id: string;
  provider: 'moyasar' | 'sandbox';
  provider_reference: string | null;
  provider_payment_id: string | null;
  plan_id: string;
  amount: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  return_url: string;
  payment_date: Date | null;
  subscription_start_date: Date | null;
  subscription_end_date: Date | null;
  /** Set once the payment has been turned into access (activation or renewal). */
  applied: boolean;
  created_at: Date;
  updated_at: Date;
}
